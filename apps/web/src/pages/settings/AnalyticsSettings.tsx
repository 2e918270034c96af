import type { BootSettings, DateType } from '@storelens/api';
import { DateRangeFilterPicker } from '@storelens/components';
import { Link } from '@storelens/components/link';
import { invalidateReports, useSettings, useStorelensDispatch } from '@storelens/data';
import { __ } from '@storelens/i18n';
import { getNewPath, parseQuery, stringifyQuery } from '@storelens/navigation';
import { useEffect, useId, useState } from 'react';
import { useStore } from '../../settings-context';
import { useNotices } from '../../shell/notices';
import { clearPersistedQuery } from '../../shell/persisted-query';
import { ImportHistoricalData } from './ImportHistoricalData';
import { SettingsRow } from './SettingsRow';
import { useLeaveWarning } from './use-leave-warning';

const GROUP = 'wc_admin';
const EXCLUDED = 'woocommerce_excluded_report_order_statuses';
const ACTIONABLE = 'woocommerce_actionable_order_statuses';
const DATE_RANGE = 'woocommerce_default_date_range';
const DATE_TYPE = 'woocommerce_date_type';
/** Settings whose change rebuilds the analytics tables (the import's progress shows it). */
const REBUILDS = [EXCLUDED, DATE_TYPE];

/** The ids of a multiselect value. */
const asList = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

function StatusGroup({
  legend,
  help,
  options,
  value,
  onChange,
}: {
  legend: string;
  help: string;
  options: Record<string, string>;
  value: string[];
  onChange: (next: string[]) => void;
}) {
  const helpId = useId();
  const selected = new Set(value);
  return (
    <fieldset className="sl-settings__row" aria-describedby={helpId}>
      <legend className="sl-settings__label">{legend}</legend>
      <div className="sl-settings__input">
        <div className="sl-settings__checkboxes">
          {Object.entries(options).map(([id, label]) => (
            <label key={id}>
              <input
                type="checkbox"
                checked={selected.has(id)}
                onChange={(e) =>
                  onChange(
                    e.target.checked ? [...value, id] : value.filter((status) => status !== id),
                  )
                }
              />{' '}
              {label}
            </label>
          ))}
        </div>
        <p className="sl-settings__help" id={helpId}>
          {help}
        </p>
      </div>
    </fieldset>
  );
}

/** `/analytics/settings`: the analytics settings form and the historical data import. */
export function AnalyticsSettings() {
  const {
    settings,
    definitions: defs,
    isDirty,
    dirty,
    isRequesting,
    lastReceived,
    updateSettings,
    persistSettings,
    updateAndPersistSettings,
    error,
  } = useSettings(GROUP);
  const notice = useNotices();
  const dispatch = useStorelensDispatch();
  const store = useStore();
  const [saving, setSaving] = useState(false);
  const [rebuildKey, setRebuildKey] = useState(0);
  const dateTypeId = useId();
  useLeaveWarning(isDirty);

  useEffect(() => {
    if (new URLSearchParams(window.location.search).get('import') === 'true')
      document.getElementById('import-historical-data')?.scrollIntoView();
  }, []);

  const options = (id: string) => defs[id]?.options ?? {};

  const afterSave = (changed: readonly string[], values: Record<string, unknown>) => {
    clearPersistedQuery();
    const boot: Partial<BootSettings> = {};
    if (changed.includes(EXCLUDED)) boot.excludedStatuses = asList(values[EXCLUDED]);
    if (changed.includes(DATE_RANGE)) boot.defaultDateRange = String(values[DATE_RANGE]);
    if (changed.includes(DATE_TYPE)) boot.dateType = values[DATE_TYPE] as DateType;
    store.updateSettings(boot);
    dispatch(invalidateReports());
    if (changed.some((id) => REBUILDS.includes(id))) setRebuildKey((k) => k + 1);
  };

  const save = async () => {
    if (!isDirty) {
      notice(__('There are no changes to save.'));
      return;
    }
    const changed = [...dirty];
    setSaving(true);
    try {
      await persistSettings();
      afterSave(changed, settings as Record<string, unknown>);
      notice(__('Your settings have been successfully saved.'));
    } catch {
      notice(__('There was an error saving your settings. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  const reset = async () => {
    if (!window.confirm(__('Are you sure you want to reset all settings to default values?')))
      return;
    const defaults = Object.fromEntries(
      [EXCLUDED, ACTIONABLE, DATE_RANGE, DATE_TYPE].map((id) => [id, defs[id]?.default]),
    );
    setSaving(true);
    try {
      await updateAndPersistSettings(defaults);
      afterSave(Object.keys(defaults), defaults);
      notice(__('Your settings have been successfully saved.'));
    } catch {
      notice(__('There was an error saving your settings. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  const loaded = lastReceived !== null;
  const dateRange = String(settings[DATE_RANGE] ?? 'period=month&compare=previous_year');

  return (
    <div className="sl-page sl-settings">
      <h1 className="sl-page__title">{__('Analytics settings')}</h1>
      <p>
        <Link href={getNewPath({}, '/analytics/settings/segments', {})}>
          {__('Manage saved segments')}
        </Link>
      </p>
      <section className="sl-card" aria-labelledby="analytics-settings-title">
        <h2 id="analytics-settings-title">{__('Analytics settings')}</h2>
        {!loaded && error ? (
          <p className="sl-notice--error" role="alert">
            {__('The settings could not be loaded. Please reload the page.')}
          </p>
        ) : !loaded || isRequesting ? (
          <p>{__('Loading settings…')}</p>
        ) : (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            <StatusGroup
              legend={__('Excluded statuses:')}
              help={__(
                'Orders with these statuses are left out of the totals in your reports. The Refunded status cannot be excluded.',
              )}
              options={options(EXCLUDED)}
              value={asList(settings[EXCLUDED])}
              onChange={(next) => updateSettings({ [EXCLUDED]: next })}
            />
            <StatusGroup
              legend={__('Actionable statuses:')}
              help={__(
                'Orders with these statuses need you to act on them; they are listed on the Home screen.',
              )}
              options={options(ACTIONABLE)}
              value={asList(settings[ACTIONABLE])}
              onChange={(next) => updateSettings({ [ACTIONABLE]: next })}
            />
            <SettingsRow
              label={__('Default date range:')}
              help={__('The date range reports open with when the address names none.')}
            >
              <DateRangeFilterPicker
                query={parseQuery(dateRange) as Record<string, string>}
                defaultDateRange={dateRange}
                onRangeSelect={(update) =>
                  updateSettings({
                    [DATE_RANGE]: stringifyQuery({
                      period: update.period,
                      compare: update.compare,
                      after: update.after,
                      before: update.before,
                    }),
                  })
                }
              />
            </SettingsRow>
            <SettingsRow
              label={__('Date type:')}
              htmlFor={dateTypeId}
              help={__('Database date field considered for Revenue and Orders reports')}
            >
              <select
                id={dateTypeId}
                value={String(settings[DATE_TYPE] ?? 'date_paid')}
                onChange={(e) => updateSettings({ [DATE_TYPE]: e.target.value })}
              >
                <option value="" disabled>
                  {__('Select a date type')}
                </option>
                {Object.entries(options(DATE_TYPE)).map(([id, label]) => (
                  <option key={id} value={id}>
                    {label}
                  </option>
                ))}
              </select>
            </SettingsRow>
            <div className="sl-settings__buttons">
              <button
                type="button"
                className="sl-button"
                onClick={() => void reset()}
                disabled={saving}
              >
                {__('Reset defaults')}
              </button>
              <button
                type="submit"
                className="sl-button sl-button--primary"
                aria-busy={saving || undefined}
                disabled={saving}
              >
                {saving ? __('Saving…') : __('Save settings')}
              </button>
            </div>
          </form>
        )}
      </section>
      <ImportHistoricalData rebuildKey={rebuildKey} />
    </div>
  );
}

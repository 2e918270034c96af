import type { AdminStatusMessage } from '@storelens/api';
import { Spinner, VISUALLY_HIDDEN } from '@storelens/components';
import {
  IMPORT_PATH,
  type ImportStatus,
  useImportSettings,
  useImportStatus,
  useImportTotals,
} from '@storelens/data';
import { isoDateFormat, storeNow } from '@storelens/date';
import { __, sprintf } from '@storelens/i18n';
import { formatValue } from '@storelens/number';
import { useEffect, useId, useRef, useState } from 'react';
import { useNotices } from '../../shell/notices';
import {
  estimateText,
  importDays,
  importPhase,
  isRunning,
  type ProgressSample,
  phaseLabel,
  secondsLeft,
} from './import-state';
import { SettingsRow } from './SettingsRow';

/** How often the status is read while an import runs. */
const POLL_MS = 3000;
/** How often the status is read while nothing runs. */
const IDLE_POLL_MS = 10_000;

const PERIODS: readonly [string, string][] = [
  ['all', __('All')],
  ['365', __('Last 365 days')],
  ['90', __('Last 90 days')],
  ['30', __('Last 30 days')],
  ['7', __('Last 7 days')],
  ['1', __('Last 24 hours')],
  ['custom', __('Custom')],
];

const count = (n: number) => formatValue({ precision: 0 }, 'number', n) ?? String(n);

function ProgressRow({ label, done, total }: { label: string; done: number; total: number }) {
  const id = useId();
  return (
    <div className="sl-import__progress">
      <span id={id}>{label}</span>
      <progress aria-labelledby={id} max={Math.max(total, 1)} value={Math.min(done, total)} />
      <span>{sprintf(__('%1$s of %2$s'), count(done), count(total))}</span>
    </div>
  );
}

/**
 * "Import historical data": choose a period, skip what was imported, Start; progress of
 * customers and orders with an estimate while it runs (also for the rebuild a settings change
 * starts), Stop, and Delete previously imported data. The state lives on the server, so it
 * survives reloads and restarts.
 */
export function ImportHistoricalData({ rebuildKey }: { rebuildKey: number }) {
  const { skipPrevious, setSkipPrevious, setImportPeriod, startImport } = useImportSettings();
  const notice = useNotices();
  const [choice, setChoice] = useState('all');
  const [customDate, setCustomDate] = useState('');
  const [tick, setTick] = useState(0);
  const [reimport, setReimport] = useState(false);
  const [busy, setBusy] = useState(false);
  const samples = useRef<ProgressSample[]>([]);
  const [finishedMessage, setFinishedMessage] = useState('');
  const selectId = useId();
  const dateId = useId();
  const skipId = useId();

  const today = storeNow().format(isoDateFormat);
  const days = importDays(choice, customDate, today);
  const dateError =
    choice === 'custom' && customDate !== ''
      ? days === null
        ? customDate > today
          ? __('Select a date in the past')
          : __('Invalid date')
        : null
      : null;
  const params = {
    ...(typeof days === 'number' ? { days } : {}),
    skip_existing: skipPrevious,
  };
  const { status, error: statusError } = useImportStatus({ timestamp: `${tick}-${rebuildKey}` });
  const { totals, error: totalsError } = useImportTotals(params);
  const phase = importPhase({
    status,
    totals,
    failed: Boolean(statusError || totalsError),
    reimport,
  });
  const running = isRunning(phase);

  // While running, read the status every 3 s. When idle, every 10 s: a rebuild started by a
  // settings change elsewhere (time zone, excluded statuses, date type) shows up here too.
  useEffect(() => {
    const timer = setInterval(() => setTick((t) => t + 1), running ? POLL_MS : IDLE_POLL_MS);
    return () => clearInterval(timer);
  }, [running]);

  useEffect(() => {
    if (rebuildKey === 0) return;
    // The rebuild is queued by the save; read again shortly in case it was not yet running.
    const timer = setTimeout(() => setTick((t) => t + 1), 500);
    return () => clearTimeout(timer);
  }, [rebuildKey]);

  const done = status ? status.customers.imported + status.orders.imported : 0;
  const total = status ? status.customers.total + status.orders.total : 0;
  useEffect(() => {
    if (!running) {
      samples.current = [];
      return;
    }
    const last = samples.current[samples.current.length - 1];
    if (!last || last.done !== done)
      samples.current = [...samples.current, { at: Date.now(), done }];
  }, [running, done]);

  const wasRunning = useRef(false);
  useEffect(() => {
    if (wasRunning.current && !running && phase === 'finished')
      setFinishedMessage(__('Import complete'));
    wasRunning.current = running;
  }, [running, phase]);

  const run = async (
    path: string,
    data: Record<string, unknown> | undefined,
    failure: string,
    showForm = false,
  ) => {
    setBusy(true);
    try {
      const answer = (await startImport(path, data)) as Partial<AdminStatusMessage> | undefined;
      if (answer?.message) notice(answer.message);
      // After a deletion the previous import no longer counts: the form is offered again.
      setReimport(showForm);
      setFinishedMessage('');
    } catch {
      notice(failure);
    } finally {
      setBusy(false);
      setTick((t) => t + 1);
    }
  };

  const start = () =>
    run(IMPORT_PATH, params, __('There was a problem rebuilding your report data.'));
  const stop = () =>
    run(
      `${IMPORT_PATH}/cancel`,
      undefined,
      __('There was a problem stopping your current import.'),
    );
  const remove = () =>
    run(
      `${IMPORT_PATH}/delete`,
      undefined,
      __('There was a problem deleting your previous data.'),
      true,
    );

  const showForm = phase !== 'finished' && phase !== 'error';
  const disabled = running || busy;
  const hasPrevious =
    status !== null && (status.orders.imported > 0 || status.customers.imported > 0);
  const progress: ImportStatus | null = status;
  const customersTotal =
    running || phase === 'finished' ? (progress?.customers.total ?? 0) : (totals?.customers ?? 0);
  const ordersTotal =
    running || phase === 'finished' ? (progress?.orders.total ?? 0) : (totals?.orders ?? 0);
  const label = phaseLabel(phase, status?.imported_from);

  return (
    <section
      className="sl-card sl-import"
      id="import-historical-data"
      aria-labelledby="import-title"
    >
      <h2 id="import-title">{__('Import historical data')}</h2>
      <p>
        {__(
          'This tool fills your analytics with the customers and orders placed before analytics was set up, or rebuilds them.',
        )}
      </p>
      {showForm && (
        <div className="sl-import__form">
          <SettingsRow label={__('Import historical data:')} htmlFor={selectId}>
            <select
              id={selectId}
              value={choice}
              disabled={disabled}
              onChange={(e) => {
                setChoice(e.target.value);
                setImportPeriod(
                  e.target.value === 'all'
                    ? { label: 'all' }
                    : { label: 'custom', date: customDate || today },
                );
              }}
            >
              {PERIODS.map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </select>
            {choice === 'custom' && (
              <div className="sl-import__date">
                <label htmlFor={dateId}>{__('Beginning on')}</label>{' '}
                <input
                  id={dateId}
                  type="date"
                  max={today}
                  value={customDate}
                  disabled={disabled}
                  aria-invalid={dateError ? true : undefined}
                  aria-describedby={dateError ? `${dateId}-error` : undefined}
                  onChange={(e) => {
                    setCustomDate(e.target.value);
                    setImportPeriod({ label: 'custom', date: e.target.value });
                  }}
                />
                {dateError && (
                  <span className="sl-import__error" id={`${dateId}-error`}>
                    {dateError}
                  </span>
                )}
              </div>
            )}
          </SettingsRow>
          <SettingsRow>
            <input
              id={skipId}
              type="checkbox"
              checked={skipPrevious}
              disabled={disabled}
              onChange={(e) => setSkipPrevious(e.target.checked)}
            />{' '}
            <label htmlFor={skipId}>{__('Skip previously imported customers and orders')}</label>
          </SettingsRow>
        </div>
      )}
      {phase === 'error' && (
        <p className="sl-notice--error" role="alert">
          {__('Something went wrong with the importation process.')}
        </p>
      )}
      <ProgressRow
        label={__('Imported Registered Customers')}
        done={running || phase === 'finished' ? (progress?.customers.imported ?? 0) : 0}
        total={customersTotal}
      />
      <ProgressRow
        label={__('Imported Orders and Refunds')}
        done={running || phase === 'finished' ? (progress?.orders.imported ?? 0) : 0}
        total={ordersTotal}
      />
      {label && (
        <p className="sl-import__status">
          {__('Status:')} <strong>{label}</strong> {running && <Spinner />}
          {running && (
            <span className="sl-import__estimate">
              {' '}
              {estimateText(secondsLeft(samples.current, total))}
            </span>
          )}
        </p>
      )}
      <p className={VISUALLY_HIDDEN} role="status">
        {finishedMessage}
      </p>
      <div className="sl-settings__buttons">
        {running ? (
          <>
            <button
              type="button"
              className="sl-button sl-button--primary"
              onClick={() => void stop()}
              disabled={busy}
            >
              {__('Stop Import')}
            </button>
            <span className="sl-settings__help">
              {__('Imported data is kept if you stop. Leaving this page does not stop the import.')}
            </span>
          </>
        ) : phase === 'finished' || phase === 'error' ? (
          <button
            type="button"
            className="sl-button sl-button--primary"
            onClick={() => setReimport(true)}
          >
            {__('Re-import Data')}
          </button>
        ) : (
          <button
            type="button"
            className="sl-button sl-button--primary"
            onClick={() => void start()}
            disabled={busy || phase !== 'ready' || days === null}
          >
            {__('Start')}
          </button>
        )}
        {!running && (hasPrevious || phase === 'finished' || phase === 'error') && (
          <button type="button" className="sl-button" onClick={() => void remove()} disabled={busy}>
            {__('Delete Previously Imported Data')}
          </button>
        )}
      </div>
    </section>
  );
}

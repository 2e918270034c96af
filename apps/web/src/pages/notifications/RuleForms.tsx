import type { AlertView, DigestView } from '@storelens/api';
import { Form, type FormApi } from '@storelens/components/form';
import { __ } from '@storelens/i18n';
import { useEffect, useRef, useState } from 'react';
import { ChannelsFieldset, Check, Field, focusFirstInvalid, useServerErrors } from './fields';
import {
  type AlertValues,
  alertProblems,
  alertValues,
  CONDITIONS,
  channelProblems,
  conditionFields,
  DIRECTION_LABELS,
  DIRECTIONS,
  type DigestValues,
  digestValues,
  FREQUENCIES,
  FREQUENCY_LABELS,
  hourLabel,
  METRIC_LABELS,
  METRICS,
  WEEKDAY_FIELDS,
  WEEKDAY_LABELS,
  WINDOW_LABELS,
  WINDOWS,
} from './model';

const HOURS = Array.from({ length: 24 }, (_, h) => h);

/** What both forms take: the saved rule when editing, and what to do with the values. */
interface RuleFormProps<R, V> {
  /** The rule being edited; absent for a new one. */
  saved?: R;
  /** Whether the user may make store-wide rules (manage_options). */
  admin: boolean;
  /** Saves the values; rejects with the server's error, whose messages go under the fields. */
  save: (values: V) => Promise<unknown>;
  onCancel: () => void;
  /** Announces a sentence (the refusal of a save). */
  announce: (message: string) => void;
}

/** The form's buttons and its message about what no field shows. */
function Actions({
  busy,
  saved,
  other,
  onCancel,
}: {
  busy: boolean;
  saved: boolean;
  other: string;
  onCancel: () => void;
}) {
  return (
    <>
      {other && (
        <p role="alert" className="sl-form__error">
          {other}
        </p>
      )}
      <div className="sl-notify__actions">
        <button type="submit" className="sl-button sl-button--primary" disabled={busy}>
          {busy ? __('Saving…') : saved ? __('Save changes') : __('Create')}
        </button>
        <button type="button" className="sl-button" onClick={onCancel}>
          {__('Cancel')}
        </button>
      </div>
    </>
  );
}

/** Runs a save: busy while it runs, the server's messages under the fields on refusal. */
function useSubmit<V extends DigestValues | AlertValues>(
  save: (values: V) => Promise<unknown>,
  announce: (message: string) => void,
) {
  const [busy, setBusy] = useState(false);
  const server = useServerErrors<V>();
  const container = useRef<HTMLDivElement>(null);
  // An opened form takes the focus: its first control.
  useEffect(() => {
    container.current?.querySelector<HTMLElement>('select, input')?.focus();
  }, []);
  // After a refusal, once its messages are drawn, the first field they mark takes the focus.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) focusFirstInvalid(container.current);
  }, [refusals]);
  const submit = async (values: V) => {
    setBusy(true);
    try {
      await save(values);
    } catch (error) {
      announce(server.refused(error, values));
      setRefusals((n) => n + 1);
    } finally {
      setBusy(false);
    }
  };
  return { busy, server, container, submit };
}

/** Create or edit a digest: how often, at what hour, where it goes. */
export function DigestForm({
  saved,
  admin,
  save,
  onCancel,
  announce,
}: RuleFormProps<DigestView, DigestValues>) {
  const { busy, server, container, submit } = useSubmit(save, announce);
  return (
    <div ref={container} className="sl-notify__form">
      <Form<DigestValues>
        label={saved ? __('Edit digest') : __('New digest')}
        initialValues={digestValues(saved)}
        validate={(v) => ({
          ...channelProblems(v, { required: true, ...(saved ? { saved: saved.channels } : {}) }),
          ...server.errorsFor(v),
        })}
        onSubmit={(v) => void submit(v)}
      >
        {(form) => (
          <>
            <Field form={form} name="frequency" label={__('Frequency')}>
              {(props) => (
                <select className="sl-select" {...props}>
                  {FREQUENCIES.map((f) => (
                    <option key={f} value={f}>
                      {FREQUENCY_LABELS[f]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field
              form={form}
              name="hour"
              label={__('Send at')}
              help={__(
                'In the store’s time zone. Each digest covers the last complete day, week or month.',
              )}
            >
              {(props) => (
                <select className="sl-select" {...props}>
                  {HOURS.map((h) => (
                    <option key={h} value={String(h)}>
                      {hourLabel(h)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <ChannelsFieldset form={form} saved={saved?.channels} />
            <Check form={form} name="enabled" label={__('On')} />
            {admin && (
              <Check
                form={form}
                name="store_wide"
                label={__('Store-wide: e-mailed to every administrator')}
              />
            )}
            <Actions
              busy={busy}
              saved={saved !== undefined}
              other={server.other}
              onCancel={onCancel}
            />
          </>
        )}
      </Form>
    </div>
  );
}

/** The fields of an alert rule that depend on its condition. */
function ConditionFields({ form }: { form: FormApi<AlertValues> }) {
  const v = form.values;
  const need = conditionFields(v.condition);
  return (
    <>
      {need.metric && (
        <Field form={form} name="metric" label={__('Metric')}>
          {(props) => (
            <select className="sl-select" {...props}>
              {METRICS.map((m) => (
                <option key={m} value={m}>
                  {METRIC_LABELS[m]}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {need.window && (
        <Field form={form} name="window" label={__('Read over')}>
          {(props) => (
            <select className="sl-select" {...props}>
              {WINDOWS.map((w) => (
                <option key={w} value={w}>
                  {WINDOW_LABELS[w]}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {need.threshold && (
        <Field
          form={form}
          name="threshold"
          label={
            v.condition === 'change'
              ? __('Change in percent')
              : v.condition === 'unusual'
                ? __('Deviations from the usual')
                : __('Value')
          }
          help={
            v.condition === 'change'
              ? __('Positive for a rise of at least that much, negative for a fall.')
              : v.condition === 'unusual'
                ? __('How far from the same weekday and hour of the last 8 weeks; empty means 3.')
                : undefined
          }
        >
          {(props) => <input className="sl-input" type="text" inputMode="decimal" {...props} />}
        </Field>
      )}
      {need.direction && (
        <Field form={form} name="direction" label={__('Fire when')}>
          {(props) => (
            <select className="sl-select" {...props}>
              {DIRECTIONS.map((d) => (
                <option key={d} value={d}>
                  {DIRECTION_LABELS[d]}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {need.hours && (
        <Field
          form={form}
          name="hours"
          label={__('Hours without an order')}
          help={__('Leave empty to let Storelens tune it to your store’s usual order rate.')}
        >
          {(props) => <input className="sl-input" type="text" inputMode="numeric" {...props} />}
        </Field>
      )}
      {need.openHours && (
        <fieldset className="sl-notify__fieldset">
          <legend>{__('Opening hours')}</legend>
          <Check form={form} name="open_only" label={__('Only count the hours the shop is open')} />
          {v.open_only && (
            <>
              <fieldset className="sl-notify__days">
                <legend>{__('Open on')}</legend>
                {WEEKDAY_FIELDS.map((f, i) => (
                  <label key={f}>
                    <input type="checkbox" {...form.getInputProps(f)} /> {WEEKDAY_LABELS[i]}
                  </label>
                ))}
                {form.renderError('day0')}
              </fieldset>
              <Field form={form} name="open_from" label={__('Opens at')}>
                {(props) => (
                  <select className="sl-select" {...props}>
                    {HOURS.map((h) => (
                      <option key={h} value={String(h)}>
                        {hourLabel(h)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field form={form} name="open_to" label={__('Closes at')}>
                {(props) => (
                  <select className="sl-select" {...props}>
                    {HOURS.map((h) => (
                      <option key={h + 1} value={String(h + 1)}>
                        {hourLabel(h + 1)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </>
          )}
        </fieldset>
      )}
    </>
  );
}

/** Create or edit an alert rule: what to watch, when it fires, where it goes. */
export function AlertForm({
  saved,
  admin,
  save,
  onCancel,
  announce,
}: RuleFormProps<AlertView, AlertValues>) {
  const { busy, server, container, submit } = useSubmit(save, announce);
  return (
    <div ref={container} className="sl-notify__form">
      <Form<AlertValues>
        label={saved ? __('Edit alert rule') : __('New alert rule')}
        initialValues={alertValues(saved)}
        validate={(v) => ({ ...alertProblems(v, saved), ...server.errorsFor(v) })}
        onSubmit={(v) => void submit(v)}
      >
        {(form) => (
          <>
            <Field form={form} name="condition" label={__('Alert me when')}>
              {(props) => (
                <select className="sl-select" {...props}>
                  {CONDITIONS.map(([c, label]) => (
                    <option key={c} value={c}>
                      {label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <ConditionFields form={form} />
            <ChannelsFieldset form={form} saved={saved?.channels} />
            <Check form={form} name="enabled" label={__('On')} />
            {admin && (
              <Check
                form={form}
                name="store_wide"
                label={__('Store-wide: shared with every administrator')}
              />
            )}
            <Actions
              busy={busy}
              saved={saved !== undefined}
              other={server.other}
              onCancel={onCancel}
            />
          </>
        )}
      </Form>
    </div>
  );
}

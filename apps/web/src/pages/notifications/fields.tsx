import type { FormApi, FormErrors, FormValues } from '@storelens/components';
import { isApiError } from '@storelens/data';
import { __ } from '@storelens/i18n';
import { type ReactNode, useCallback, useState } from 'react';
import { type ChannelValues, fieldsOfParams } from './model';

/** One labelled control of a notification form, with its message (error or help) under it. */
export function Field<V extends FormValues>({
  form,
  name,
  label,
  help,
  children,
}: {
  form: FormApi<V>;
  name: keyof V & string;
  label: string;
  help?: string;
  /** The control, given the props that wire it to the field. */
  children: (props: ReturnType<FormApi<V>['getInputProps']>) => ReactNode;
}) {
  const props = form.getInputProps(name);
  const helpId = `${props.id}-help`;
  const describedBy =
    [props['aria-describedby'], help ? helpId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="sl-field sl-notify__field">
      <label htmlFor={props.id}>{label}</label>
      {children({ ...props, 'aria-describedby': describedBy })}
      {form.renderError(name)}
      {help && (
        <p id={helpId} className="sl-field__help">
          {help}
        </p>
      )}
    </div>
  );
}

/** A labelled checkbox wired to a boolean field, its error under it. */
export function Check<V extends FormValues>({
  form,
  name,
  label,
  showError = true,
}: {
  form: FormApi<V>;
  name: keyof V & string;
  label: string;
  /** False when the field's error is shown elsewhere (after a group of checkboxes). */
  showError?: boolean;
}) {
  return (
    <div className="sl-notify__check">
      <label>
        <input type="checkbox" {...form.getInputProps(name)} /> {label}
      </label>
      {showError && form.renderError(name)}
    </div>
  );
}

/**
 * The channels of a digest or alert rule: e-mail, a Slack incoming webhook, a signed webhook.
 * `saved` are the channels kept: their URLs are shown shortened and their keys never, so the
 * URL fields start empty and say what is kept.
 */
export function ChannelsFieldset<V extends ChannelValues>({
  form,
  saved,
}: {
  form: FormApi<V>;
  saved?: readonly { type: string; url?: string | undefined }[];
}) {
  const kept = (type: string) => saved?.find((c) => c.type === type)?.url;
  const keepHelp = (type: string) => {
    const url = kept(type);
    return url
      ? `${__('Saved:')} ${url}. ${__('Leave empty to keep it; enter it again to change the channels.')}`
      : undefined;
  };
  const v = form.values as ChannelValues;
  return (
    <fieldset className="sl-notify__fieldset">
      <legend>{__('Send to')}</legend>
      {/* "Choose at least one" goes after the three choices: shown when e-mail loses the
          focus, above them it would move the checkbox being clicked from under the pointer. */}
      <Check form={form} name="email" label={__('E-mail (your address)')} showError={false} />
      <Check form={form} name="slack" label={__('Slack')} />
      {v.slack && (
        <Field
          form={form}
          name="slack_url"
          label={__('Slack incoming-webhook URL')}
          help={keepHelp('slack')}
        >
          {(props) => (
            <input
              className="sl-input"
              type="url"
              autoComplete="off"
              placeholder="https://hooks.slack.com/services/…"
              {...props}
            />
          )}
        </Field>
      )}
      <Check form={form} name="webhook" label={__('Webhook (signed JSON POST)')} />
      {form.renderError('email')}
      {v.webhook && (
        <>
          <Field
            form={form}
            name="webhook_url"
            label={__('Webhook URL')}
            help={keepHelp('webhook')}
          >
            {(props) => <input className="sl-input" type="url" autoComplete="off" {...props} />}
          </Field>
          <Field
            form={form}
            name="webhook_secret"
            label={__('Signing key')}
            help={__(
              'At least 16 characters. Each request carries X-Storelens-Signature, an HMAC-SHA256 under this key.',
            )}
          >
            {(props) => (
              <input className="sl-input" type="password" autoComplete="new-password" {...props} />
            )}
          </Field>
        </>
      )}
    </fieldset>
  );
}

/**
 * The server's refusal of a form: each parameter's message under its field until that field
 * changes (the values sent are remembered), the rest in one message above the form.
 */
export function useServerErrors<V extends ChannelValues>() {
  const [state, setState] = useState<{
    sent: V | null;
    fields: FormErrors<V>;
    other: string;
  }>({ sent: null, fields: {}, other: '' });

  /** Keeps a failed request's messages; returns a sentence for the announcement. */
  const refused = useCallback((error: unknown, sent: V): string => {
    if (isApiError(error) && Object.keys(error.params).length > 0) {
      const { fields, other } = fieldsOfParams(error.params, sent);
      setState({ sent, fields: fields as FormErrors<V>, other: other.join(' ') });
      return __('Please correct the fields marked.');
    }
    const message = isApiError(error) ? error.message : __('The request failed.');
    setState({ sent, fields: {}, other: message });
    return message;
  }, []);

  /** The messages that still apply to `values`: a changed field drops its own. */
  const errorsFor = (values: V): FormErrors<V> => {
    const out: FormErrors<V> = {};
    if (!state.sent) return out;
    for (const [name, message] of Object.entries(state.fields) as [keyof V, string][])
      if (values[name] === state.sent[name]) out[name] = message;
    return out;
  };

  return { refused, errorsFor, other: state.other };
}

/** Moves focus to the first invalid control inside `container` (after a refused submit). */
export function focusFirstInvalid(container: HTMLElement | null) {
  container?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

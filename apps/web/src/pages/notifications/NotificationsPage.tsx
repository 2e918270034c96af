import type { AlertView, DigestView, SendNowResponse } from '@storelens/api';
import { H, Section } from '@storelens/components/section';
import { useAlerts, useCurrentUser, useDigests } from '@storelens/data';
import { __, sprintf } from '@storelens/i18n';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useNotices } from '../../shell/notices';
import { DeliveryHistory, FiredAlerts } from './History';
import {
  alertBody,
  alertChanges,
  alertTitle,
  CHANNEL_LABELS,
  channelsText,
  digestBody,
  digestChanges,
  digestTitle,
  storeDateTime,
} from './model';
import { AlertForm, DigestForm } from './RuleForms';
import './notifications.css';

type Kind = 'digest' | 'alert';
/** Which form is open: a new rule of a kind, or a saved one. */
type Editing = { kind: Kind; id: number | 'new' } | null;

const titleId = (kind: Kind, id: number) => `sl-notify-${kind}-${id}`;
const addId = (kind: Kind) => `sl-notify-add-${kind}`;
const headingId = (kind: Kind) => `sl-notify-${kind}s-title`;

/** "Sent for 2026-03-01: E-mail sent. Slack failed: Slack answered 404." */
export function sendOutcomeText(result: SendNowResponse): string {
  const parts = result.deliveries.map((d) => {
    const channel = CHANNEL_LABELS[d.channel];
    if (d.status === 'sent') return sprintf(__('%s sent.'), channel);
    const what =
      d.status === 'failed'
        ? sprintf(__('%s failed'), channel)
        : sprintf(__('%s skipped'), channel);
    return d.error ? `${what}: ${d.error}` : `${what}.`;
  });
  if (parts.length === 0) return sprintf(__('Nothing to send for %s.'), result.period);
  return `${sprintf(__('Test for %s:'), result.period)} ${parts.join(' ')}`;
}

/** The inline confirmation of a delete, focused when it opens. */
function ConfirmDelete({
  question,
  confirmLabel,
  onConfirm,
  onCancel,
}: {
  question: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => confirm.current?.focus(), []);
  return (
    <fieldset className="sl-notify__confirm">
      <legend>{question}</legend>
      <button
        ref={confirm}
        type="button"
        className="sl-button sl-button--primary"
        onClick={onConfirm}
      >
        {confirmLabel}
      </button>{' '}
      <button
        type="button"
        className="sl-button"
        onClick={onCancel}
        onKeyDown={(e) => e.key === 'Escape' && onCancel()}
      >
        {__('Cancel')}
      </button>
    </fieldset>
  );
}

/** One saved digest or alert rule: its title, badges, facts and actions. */
function RuleItem({
  kind,
  id,
  title,
  storeWide,
  enabled,
  firing,
  facts,
  busy,
  onEdit,
  onDelete,
  extra,
}: {
  kind: Kind;
  id: number;
  title: string;
  storeWide: boolean;
  enabled: boolean;
  firing?: boolean;
  facts: readonly (readonly [string, ReactNode])[];
  busy: boolean;
  onEdit: () => void;
  onDelete: () => Promise<void>;
  extra?: ReactNode;
}) {
  const [confirming, setConfirming] = useState(false);
  const what = kind === 'digest' ? __('digest') : __('alert rule');
  return (
    <>
      <h3 id={titleId(kind, id)} tabIndex={-1} className="sl-notify__title">
        {title}
        {storeWide && <span className="sl-badge sl-notify__badge">{__('Store-wide')}</span>}
        {!enabled && <span className="sl-badge sl-notify__badge">{__('Off')}</span>}
        {firing && (
          <span className="sl-badge sl-notify__badge sl-notify__badge--firing">{__('Firing')}</span>
        )}
      </h3>
      <dl className="sl-notify__facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="sl-notify__actions">
        <button
          id={`${titleId(kind, id)}-edit`}
          type="button"
          className="sl-button"
          aria-describedby={titleId(kind, id)}
          onClick={onEdit}
          disabled={busy}
        >
          {__('Edit')}
        </button>
        {extra}
        <button
          type="button"
          className="sl-button"
          aria-describedby={titleId(kind, id)}
          onClick={() => setConfirming(true)}
          disabled={busy}
        >
          {__('Delete')}
        </button>
      </div>
      {confirming && (
        <ConfirmDelete
          question={sprintf(__('Delete this %s?'), what)}
          confirmLabel={kind === 'digest' ? __('Delete digest') : __('Delete alert rule')}
          onConfirm={() => {
            setConfirming(false);
            void onDelete();
          }}
          onCancel={() => {
            setConfirming(false);
            document.getElementById(`${titleId(kind, id)}-edit`)?.focus();
          }}
        />
      )}
    </>
  );
}

/** A digest's "Send a test now" button and the outcome under it (announced). */
function SendNow({
  digest,
  send,
}: {
  digest: DigestView;
  send: (id: number) => Promise<SendNowResponse>;
}) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean } | null>(null);
  const run = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const result = await send(digest.id);
      setOutcome({
        text: sendOutcomeText(result),
        failed: result.deliveries.some((d) => d.status === 'failed'),
      });
    } catch (error) {
      const message = error instanceof Object && 'message' in error ? String(error.message) : '';
      setOutcome({ text: sprintf(__('The test was not sent: %s'), message), failed: true });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className="sl-button"
        aria-describedby={titleId('digest', digest.id)}
        onClick={() => void run()}
        disabled={busy}
      >
        {busy ? __('Sending…') : __('Send a test now')}
      </button>
      <p
        role="status"
        className={`sl-notify__outcome${outcome?.failed ? ' sl-notify__outcome--failed' : ''}`}
      >
        {outcome?.text ?? ''}
      </p>
    </>
  );
}

/** The last delivery of a digest as a sentence. */
function lastDeliveryText(d: DigestView): string {
  const last = d.last_delivery;
  if (!last) return __('Not sent yet');
  const when = storeDateTime(last.at_gmt);
  const base =
    last.status === 'sent'
      ? sprintf(__('Sent %1$s (%2$s)'), when, last.period)
      : last.status === 'failed'
        ? sprintf(__('Failed for %s'), last.period)
        : sprintf(__('Waiting to be sent (%s)'), last.period);
  return last.error ? `${base}: ${last.error}` : base;
}

/**
 * `/analytics/settings/notifications`: the user's scheduled digests and alert rules (and, for
 * administrators, the store-wide ones), what fired and what was delivered.
 */
export default function NotificationsPage() {
  const { can } = useCurrentUser();
  const admin = can('manage_options');
  const digests = useDigests();
  const alerts = useAlerts();
  const notice = useNotices();
  const [editing, setEditing] = useState<Editing>(null);
  const focusNext = useRef<string | null>(null);

  // Focus moves where the last action leads (the new rule, the list after a delete) once it
  // is on the page.
  useEffect(() => {
    if (!focusNext.current) return;
    const target = document.getElementById(focusNext.current);
    if (target) {
      target.focus();
      focusNext.current = null;
    }
  });

  const close = (focus: string) => {
    focusNext.current = focus;
    setEditing(null);
  };
  const saved = (kind: Kind, id: number, message: string) => {
    notice(message);
    close(titleId(kind, id));
  };
  const remove = async (kind: Kind, id: number) => {
    try {
      if (kind === 'digest') await digests.deleteDigest(id);
      else await alerts.deleteAlert(id);
      notice(kind === 'digest' ? __('Digest deleted.') : __('Alert rule deleted.'));
      focusNext.current = headingId(kind);
      setEditing(null);
    } catch (error) {
      const message = error instanceof Object && 'message' in error ? String(error.message) : '';
      notice(sprintf(__('It was not deleted: %s'), message));
    }
  };

  const digestForm = (saved_?: DigestView) => (
    <DigestForm
      {...(saved_ ? { saved: saved_ } : {})}
      admin={admin}
      announce={notice}
      onCancel={() => close(saved_ ? `${titleId('digest', saved_.id)}-edit` : addId('digest'))}
      save={async (v) => {
        if (saved_) {
          const d = await digests.updateDigest(saved_.id, digestChanges(v, saved_, admin));
          saved('digest', d.id, __('Digest saved.'));
        } else {
          const d = await digests.createDigest(digestBody(v, admin));
          saved('digest', d.id, sprintf(__('Digest created: %s.'), digestTitle(d)));
        }
      }}
    />
  );
  const alertForm = (saved_?: AlertView) => (
    <AlertForm
      {...(saved_ ? { saved: saved_ } : {})}
      admin={admin}
      announce={notice}
      onCancel={() => close(saved_ ? `${titleId('alert', saved_.id)}-edit` : addId('alert'))}
      save={async (v) => {
        if (saved_) {
          const a = await alerts.updateAlert(saved_.id, alertChanges(v, saved_, admin));
          saved('alert', a.id, __('Alert rule saved.'));
        } else {
          const a = await alerts.createAlert(alertBody(v, admin));
          saved('alert', a.id, sprintf(__('Alert rule created: %s.'), alertTitle(a)));
        }
      }}
    />
  );

  const isEditing = (kind: Kind, id: number | 'new') => editing?.kind === kind && editing.id === id;

  return (
    <div className="sl-page sl-notify">
      <h1 className="sl-page__title">{__('Notifications')}</h1>
      <p>
        {__(
          'Get a digest of your store’s numbers by e-mail, Slack or webhook, and be alerted when a number moves. Each person manages their own.',
        )}
      </p>

      <Section component="section" className="sl-card" level={2}>
        <H id={headingId('digest')} tabIndex={-1}>
          {__('Digests')}
        </H>
        {digests.error && (
          <p role="alert" className="sl-notice--error">
            {digests.error.message}
          </p>
        )}
        {digests.items.length === 0 && !digests.error && (
          <p>{digests.isRequesting ? __('Loading…') : __('You have no digest yet.')}</p>
        )}
        {digests.items.length > 0 && (
          <ul className="sl-notify__list" aria-labelledby={headingId('digest')}>
            {digests.items.map((d) => (
              <li key={d.id} className="sl-notify__item">
                {isEditing('digest', d.id) ? (
                  digestForm(d)
                ) : (
                  <RuleItem
                    kind="digest"
                    id={d.id}
                    title={digestTitle(d)}
                    storeWide={d.store_wide}
                    enabled={d.enabled}
                    busy={digests.isUpdating(d.id)}
                    facts={[
                      [__('Send to'), channelsText(d.channels)],
                      [__('Last delivery'), lastDeliveryText(d)],
                    ]}
                    onEdit={() => setEditing({ kind: 'digest', id: d.id })}
                    onDelete={() => remove('digest', d.id)}
                    extra={<SendNow digest={d} send={digests.sendDigestNow} />}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
        {isEditing('digest', 'new') ? (
          digestForm()
        ) : (
          <button
            id={addId('digest')}
            type="button"
            className="sl-button sl-button--primary"
            onClick={() => setEditing({ kind: 'digest', id: 'new' })}
          >
            {__('Add a digest')}
          </button>
        )}
      </Section>

      <Section component="section" className="sl-card" level={2}>
        <H id={headingId('alert')} tabIndex={-1}>
          {__('Alert rules')}
        </H>
        {alerts.error && (
          <p role="alert" className="sl-notice--error">
            {alerts.error.message}
          </p>
        )}
        {alerts.items.length === 0 && !alerts.error && (
          <p>{alerts.isRequesting ? __('Loading…') : __('You have no alert rule yet.')}</p>
        )}
        {alerts.items.length > 0 && (
          <ul className="sl-notify__list" aria-labelledby={headingId('alert')}>
            {alerts.items.map((a) => (
              <li key={a.id} className="sl-notify__item">
                {isEditing('alert', a.id) ? (
                  alertForm(a)
                ) : (
                  <RuleItem
                    kind="alert"
                    id={a.id}
                    title={alertTitle(a)}
                    storeWide={a.store_wide}
                    enabled={a.enabled}
                    firing={a.state === 'firing'}
                    busy={alerts.isUpdating(a.id)}
                    facts={[
                      [__('Send to'), channelsText(a.channels)],
                      ...(a.starter
                        ? ([[__('Made by'), __('Storelens, as a starter rule')]] as const)
                        : []),
                    ]}
                    onEdit={() => setEditing({ kind: 'alert', id: a.id })}
                    onDelete={() => remove('alert', a.id)}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
        {isEditing('alert', 'new') ? (
          alertForm()
        ) : (
          <button
            id={addId('alert')}
            type="button"
            className="sl-button sl-button--primary"
            onClick={() => setEditing({ kind: 'alert', id: 'new' })}
          >
            {__('Add an alert rule')}
          </button>
        )}
      </Section>

      <FiredAlerts alerts={alerts.items} />
      <DeliveryHistory digests={digests.items} alerts={alerts.items} />
    </div>
  );
}

import { Form, H, Link, Section, Spinner, VISUALLY_HIDDEN } from '@storelens/components';
import { answerRead, isApiError, READS, useRead, useStorelensDispatch } from '@storelens/data';
import { __, sprintf } from '@storelens/i18n';
import { getNewPath } from '@storelens/navigation';
import { useEffect, useRef, useState } from 'react';
import { useApi } from '../../session';
import { useStore } from '../../settings-context';
import {
  type Connection,
  countText,
  estimateText,
  isRetry,
  RESOURCE_LABELS,
  statusText,
  webhooksText,
  whenText,
} from './view';
import './connections.css';

const BASE = '/storelens/v1/connections';

type Values = { url: string; consumer_key: string; consumer_secret: string };

/** The Connections page (Settings): connect a WooCommerce shop, then follow its import and sync. */
export default function ConnectionsPage() {
  // The store's REST client: it sends the session's nonce, and a 401 shows the login page.
  const api = useApi();
  const dispatch = useStorelensDispatch();
  const { settings } = useStore();
  const connections = useRead(READS.connections);
  // Undefined until the first answer; null when no shop is connected.
  const connection: Connection | null | undefined = connections.hasData
    ? (connections.data?.[0] ?? null)
    : undefined;
  /** The last write's failure (a failed read of the list is said in the same place). */
  const [error, setError] = useState<string | null>(null);
  /** A connect that asks to confirm replacing the data held: the demo, or another shop's. */
  const [confirmDemo, setConfirmDemo] = useState<{
    values: Values;
    kind: 'demo' | 'other_shop';
    message: string;
  } | null>(null);
  const [busy, setBusy] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const lastStatus = useRef<string | null>(null);
  const confirmRef = useRef<HTMLDivElement>(null);

  /** A write's answer (the connection as it now is, or none) stands until the next poll. */
  const setConnection = (next: Connection | null) =>
    void dispatch(answerRead(READS.connections, {}, next ? [next] : []));
  const { refetch } = connections;

  // Poll while something runs; slowly otherwise (webhook changes and reconciliations). Each
  // answer, or failure, sets the next poll.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a failed poll sets the next one too
  useEffect(() => {
    if (!connection) return;
    const running =
      connection.status === 'importing' ||
      connection.status === 'syncing' ||
      connection.status === 'error';
    const timer = setTimeout(() => void refetch(), running ? 1000 : 10_000);
    return () => clearTimeout(timer);
  }, [connection, connections.error, refetch]);

  // Screen readers hear status changes, once each.
  useEffect(() => {
    if (!connection) return;
    if (lastStatus.current !== null && lastStatus.current !== connection.status)
      setAnnouncement(
        connection.status === 'idle' && lastStatus.current === 'importing'
          ? `${__('Import finished.')} ${statusText(connection)}`
          : statusText(connection),
      );
    lastStatus.current = connection.status;
  }, [connection]);

  useEffect(() => {
    if (confirmDemo) confirmRef.current?.focus();
  }, [confirmDemo]);

  const connect = async (values: Values, replace?: 'demo' | 'other_shop') => {
    setBusy(true);
    setError(null);
    try {
      const res = await api((client) =>
        client.post<Connection>(BASE, {
          ...values,
          ...(replace === 'demo' ? { replace_demo: true } : {}),
          ...(replace === 'other_shop' ? { replace_data: true } : {}),
        }),
      );
      setConfirmDemo(null);
      lastStatus.current = res.data.status;
      setConnection(res.data);
      setAnnouncement(sprintf(__('Connected to %s. The import has started.'), res.data.store.name));
    } catch (e) {
      if (isApiError(e) && e.code === 'storelens_connection_demo_present')
        setConfirmDemo({ values, kind: 'demo', message: e.message });
      else if (isApiError(e) && e.code === 'storelens_connection_other_shop')
        setConfirmDemo({ values, kind: 'other_shop', message: e.message });
      else setError(isApiError(e) ? e.message : __('The shop could not be connected.'));
    } finally {
      setBusy(false);
    }
  };

  const act = async (path: string, method: 'POST' | 'DELETE' = 'POST') => {
    setBusy(true);
    setError(null);
    try {
      if (method === 'DELETE') {
        await api((client) => client.delete(`${BASE}/${connection!.id}`));
        setConnection(null);
        setAnnouncement(__('Disconnected. The imported data stays.'));
      } else {
        const res = await api((client) =>
          client.post<Connection>(`${BASE}/${connection!.id}/${path}`),
        );
        setConnection(res.data);
      }
    } catch (e) {
      setError(isApiError(e) ? e.message : __('That did not work.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section component="section" className="sl-card sl-connections" level={1}>
      <H>{__('Connections')}</H>
      <p role="status" aria-live="polite" className={VISUALLY_HIDDEN}>
        {announcement}
      </p>
      {connection === undefined && <Spinner label={__('Loading the connection…')} />}
      {connection === null && (
        <Section>
          <H>{__('Connect your WooCommerce shop')}</H>
          <p>
            {__(
              'Make a REST API key in your shop: WooCommerce › Settings › Advanced › REST API › Add key, with Read/Write permissions (a read-only key imports, but cannot register webhooks nor save stock changes to the shop).',
            )}
          </p>
          <p data-testid="webhooks-before-connecting">
            {settings.publicAddress
              ? __(
                  'Changes in the shop reach Storelens at once: the shop sends them to this server’s public address (STORELENS_PUBLIC_URL) by webhook, and Storelens also checks the shop every few minutes for anything missed.',
                )
              : __(
                  'This server has no public address (STORELENS_PUBLIC_URL is not set), so the shop cannot send it changes by webhook: Storelens checks the shop for changes every few minutes instead, so new orders appear with that delay. Set STORELENS_PUBLIC_URL to an address your shop can reach for changes at once.',
                )}
          </p>
          <Form<Values>
            label={__('Connect a shop')}
            initialValues={{ url: '', consumer_key: '', consumer_secret: '' }}
            validate={(v) => ({
              ...(v.url.trim() ? {} : { url: __('Enter the address of your shop.') }),
              ...(v.consumer_key.trim() ? {} : { consumer_key: __('Enter the consumer key.') }),
              ...(v.consumer_secret.trim()
                ? {}
                : { consumer_secret: __('Enter the consumer secret.') }),
            })}
            onSubmit={(v) => void connect(v)}
          >
            {(form) => (
              <>
                <div className="sl-connections__field">
                  <label htmlFor={form.getInputProps('url').id}>{__('Shop URL')}</label>
                  <input
                    type="url"
                    autoComplete="url"
                    placeholder="https://shop.example"
                    {...form.getInputProps('url')}
                  />
                  {form.renderError('url')}
                </div>
                <div className="sl-connections__field">
                  <label htmlFor={form.getInputProps('consumer_key').id}>
                    {__('Consumer key')}
                  </label>
                  <input
                    type="text"
                    autoComplete="off"
                    spellCheck={false}
                    {...form.getInputProps('consumer_key')}
                  />
                  {form.renderError('consumer_key')}
                </div>
                <div className="sl-connections__field">
                  <label htmlFor={form.getInputProps('consumer_secret').id}>
                    {__('Consumer secret')}
                  </label>
                  <input
                    type="password"
                    autoComplete="off"
                    {...form.getInputProps('consumer_secret')}
                  />
                  {form.renderError('consumer_secret')}
                </div>
                <button type="submit" className="sl-button sl-button--primary" disabled={busy}>
                  {busy ? __('Checking the shop…') : __('Connect')}
                </button>
              </>
            )}
          </Form>
          {confirmDemo && (
            <div
              ref={confirmRef}
              tabIndex={-1}
              role="alertdialog"
              aria-labelledby="sl-demo-title"
              aria-describedby="sl-demo-text"
              className="sl-connections__confirm"
            >
              <p id="sl-demo-title">
                <strong>
                  {confirmDemo.kind === 'demo'
                    ? __('Replace the demo store?')
                    : __('Replace the data of the shop imported before?')}
                </strong>
              </p>
              <p id="sl-demo-text">
                {confirmDemo.kind === 'demo'
                  ? __(
                      'This Storelens holds the generated demo store. Connecting removes it and imports your shop instead.',
                    )
                  : __(
                      'This Storelens holds the orders, products and customers of another shop, imported before it was disconnected. Two shops cannot share one Storelens: connecting removes that data and imports this shop instead. Accounts, settings and notifications stay.',
                    )}
              </p>
              <button
                type="button"
                className="sl-button sl-button--primary"
                disabled={busy}
                onClick={() => void connect(confirmDemo.values, confirmDemo.kind)}
              >
                {confirmDemo.kind === 'demo'
                  ? __('Replace the demo and connect')
                  : __('Replace that data and connect')}
              </button>{' '}
              <button type="button" className="sl-button" onClick={() => setConfirmDemo(null)}>
                {__('Cancel')}
              </button>
            </div>
          )}
        </Section>
      )}
      {(error || connections.error) && (
        <p role="alert" className="sl-connections__error">
          {error ?? __('The connections could not be loaded.')}
        </p>
      )}
      {connection && (
        <ConnectionDetails
          connection={connection}
          busy={busy}
          act={act}
          timeZone={settings.timezone}
        />
      )}
    </Section>
  );
}

function ConnectionDetails({
  connection: c,
  busy,
  act,
  timeZone,
}: {
  connection: Connection;
  busy: boolean;
  act: (path: string, method?: 'POST' | 'DELETE') => Promise<void>;
  /** The store's zone: times are shown in it, as in the reports. */
  timeZone: string;
}) {
  const [confirmDelete, setConfirmDelete] = useState(false);
  const importing =
    c.status === 'importing' ||
    (c.status === 'error' &&
      RESOURCE_LABELS.some(([k]) => (c.progress[k]?.done ?? 0) < (c.progress[k]?.total ?? 0)));
  return (
    <>
      <Section>
        <H>{c.store.name}</H>
        <dl className="sl-connections__facts">
          <dt>{__('Address')}</dt>
          <dd>{c.url}</dd>
          <dt>{__('WooCommerce version')}</dt>
          <dd>{c.store.wc_version || __('unknown')}</dd>
          <dt>{__('Currency')}</dt>
          <dd>{c.store.currency}</dd>
          <dt>{__('Time zone')}</dt>
          <dd>{c.store.timezone}</dd>
          <dt>{__('Status')}</dt>
          <dd data-testid="connection-status">{statusText(c)}</dd>
        </dl>
        <div className="sl-connections__actions">
          {c.status === 'paused' ? (
            <button
              type="button"
              className="sl-button sl-button--primary"
              disabled={busy}
              onClick={() => void act('resume')}
            >
              {__('Resume')}
            </button>
          ) : (
            <button
              type="button"
              className="sl-button"
              disabled={busy}
              onClick={() => void act('pause')}
            >
              {importing ? __('Pause the import') : __('Pause the sync')}
            </button>
          )}
          <button
            type="button"
            className="sl-button"
            disabled={busy || c.status === 'importing' || c.status === 'paused'}
            onClick={() => void act('sync')}
          >
            {__('Check for changes now')}
          </button>
          <button
            type="button"
            className="sl-button"
            disabled={busy}
            onClick={() => setConfirmDelete(true)}
          >
            {__('Disconnect')}
          </button>
        </div>
        {confirmDelete && (
          <fieldset className="sl-connections__confirm">
            <legend className={VISUALLY_HIDDEN}>{__('Confirm disconnecting')}</legend>
            <p>
              {__(
                'Disconnect removes Storelens’s webhooks from the shop. The imported data stays until you delete it.',
              )}
            </p>
            <button
              type="button"
              className="sl-button sl-button--primary"
              onClick={() => void act('', 'DELETE')}
            >
              {__('Disconnect the shop')}
            </button>{' '}
            <button type="button" className="sl-button" onClick={() => setConfirmDelete(false)}>
              {__('Cancel')}
            </button>
          </fieldset>
        )}
      </Section>
      <Section>
        <H>{__('Import')}</H>
        {importing && c.estimate_seconds !== null && <p>{estimateText(c.estimate_seconds)}</p>}
        {!importing && c.status !== 'paused' && (c.progress.orders?.total ?? 0) > 0 && (
          <p className="sl-connections__done">
            {sprintf(
              __('The import is complete: %s orders.'),
              (c.progress.orders?.done ?? 0).toLocaleString(),
            )}{' '}
            <Link href={getNewPath({}, '/analytics/overview', {})}>{__('See your numbers')}</Link>
          </p>
        )}
        <ul className="sl-connections__progress">
          {RESOURCE_LABELS.map(([key, label]) => {
            const p = c.progress[key] ?? { done: 0, total: 0 };
            const id = `sl-progress-${key}`;
            return (
              <li key={key}>
                <span id={id}>{label}</span>
                <progress
                  aria-labelledby={id}
                  max={Math.max(1, p.total)}
                  value={p.total > 0 ? p.done : 0}
                />
                <span>{countText(p)}</span>
              </li>
            );
          })}
        </ul>
      </Section>
      <Section>
        <H>{__('Sync')}</H>
        <dl className="sl-connections__facts">
          <dt>{__('Webhooks')}</dt>
          <dd>{webhooksText(c)}</dd>
          <dt>{__('Last change received')}</dt>
          <dd>{whenText(c.last_change_gmt, timeZone)}</dd>
          <dt>{__('Last reconciliation')}</dt>
          <dd>{whenText(c.last_reconciled_gmt, timeZone)}</dd>
        </dl>
        <ProblemsTable
          caption={__('Errors')}
          help={__('What failed, and when Storelens tries again by itself.')}
          rows={c.errors.filter((e) => !isRetry(e))}
          timeZone={timeZone}
        />
        <ProblemsTable
          caption={__('Retried requests')}
          help={__(
            'Requests the shop did not answer at once: Storelens asked again, and most such retries succeed. Nothing to do unless they keep coming.',
          )}
          rows={c.errors.filter(isRetry)}
          timeZone={timeZone}
        />
      </Section>
    </>
  );
}

/** The connection's log lines of one kind, newest first; nothing when there are none. */
function ProblemsTable({
  caption,
  help,
  rows,
  timeZone,
}: {
  caption: string;
  help: string;
  rows: Connection['errors'];
  timeZone: string;
}) {
  if (rows.length === 0) return null;
  return (
    <table className="sl-connections__errors">
      <caption>
        {caption}
        <span className="sl-connections__caption-help">{help}</span>
      </caption>
      <thead>
        <tr>
          <th scope="col">{__('Time')}</th>
          <th scope="col">{__('What happened')}</th>
          <th scope="col">{__('Next')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((e) => (
          <tr key={e.id}>
            <td>{whenText(e.time_gmt, timeZone)}</td>
            <td>{e.message}</td>
            <td>{e.retry}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

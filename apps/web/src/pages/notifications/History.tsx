import type { AlertView, DigestView } from '@storelens/api';
import { Pagination } from '@storelens/components/pagination';
import { H, Section } from '@storelens/components/section';
import { useAlertEvents, useDeliveries } from '@storelens/data';
import { __, sprintf } from '@storelens/i18n';
import { useState } from 'react';
import { alertTitle, CHANNEL_LABELS, digestTitle, storeDateTime } from './model';

const PER_PAGE = 20;

const STATUS_LABELS = {
  pending: __('Waiting to be sent'),
  sent: __('Sent'),
  failed: __('Failed'),
} as const;

/** A list's loading, error and empty states, or null when it has rows to show. */
function ListState({
  loading,
  error,
  empty,
  emptyText,
}: {
  loading: boolean;
  error: { message: string } | null;
  empty: boolean;
  emptyText: string;
}) {
  if (error)
    return (
      <p role="alert" className="sl-notice--error">
        {error.message}
      </p>
    );
  if (empty) return <p>{loading ? __('Loading…') : emptyText}</p>;
  return null;
}

/** What the alert rules fired, newest first, with the value seen and what was expected. */
export function FiredAlerts({ alerts }: { alerts: readonly AlertView[] }) {
  const [page, setPage] = useState(1);
  const events = useAlertEvents({ page, per_page: PER_PAGE });
  const rules = new Map(alerts.map((a) => [a.id, a]));
  return (
    <Section component="section" className="sl-card sl-notify__history" level={2}>
      <H id="sl-notify-events">{__('Fired alerts')}</H>
      <ListState
        loading={events.isRequesting}
        error={events.error}
        empty={events.items.length === 0}
        emptyText={__('No alert has fired yet.')}
      />
      {events.items.length > 0 && (
        <div className="sl-notify__table-wrap">
          <table className="sl-notify__table" aria-labelledby="sl-notify-events">
            <thead>
              <tr>
                <th scope="col">{__('Fired')}</th>
                <th scope="col">{__('Rule')}</th>
                <th scope="col">{__('What happened')}</th>
                <th scope="col">{__('Cleared')}</th>
              </tr>
            </thead>
            <tbody>
              {events.items.map((e) => {
                const rule = rules.get(e.alert_id);
                return (
                  <tr key={e.id}>
                    <td>{storeDateTime(e.date_fired_gmt)}</td>
                    <td>{rule ? alertTitle(rule) : sprintf(__('Rule %d'), e.alert_id)}</td>
                    <td>{e.message}</td>
                    <td>
                      {e.date_cleared_gmt ? storeDateTime(e.date_cleared_gmt) : __('Still firing')}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {(events.total ?? 0) > PER_PAGE && (
        <Pagination
          total={events.total ?? 0}
          page={page}
          perPage={PER_PAGE}
          onPageChange={setPage}
          perPageOptions={[PER_PAGE]}
        />
      )}
    </Section>
  );
}

/** What was sent and what failed (with the error), newest first. */
export function DeliveryHistory({
  digests,
  alerts,
}: {
  digests: readonly DigestView[];
  alerts: readonly AlertView[];
}) {
  const [page, setPage] = useState(1);
  const deliveries = useDeliveries({ page, per_page: PER_PAGE });
  const digestById = new Map(digests.map((d) => [d.id, d]));
  const alertById = new Map(alerts.map((a) => [a.id, a]));
  const source = (kind: 'digest' | 'alert', id: number) => {
    if (kind === 'digest') {
      const d = digestById.get(id);
      return d ? digestTitle(d) : sprintf(__('Digest %d'), id);
    }
    const a = alertById.get(id);
    return a ? alertTitle(a) : sprintf(__('Alert rule %d'), id);
  };
  return (
    <Section component="section" className="sl-card sl-notify__history" level={2}>
      <H id="sl-notify-deliveries">{__('Delivery history')}</H>
      <ListState
        loading={deliveries.isRequesting}
        error={deliveries.error}
        empty={deliveries.items.length === 0}
        emptyText={__('Nothing has been sent yet.')}
      />
      {deliveries.items.length > 0 && (
        <div className="sl-notify__table-wrap">
          <table className="sl-notify__table" aria-labelledby="sl-notify-deliveries">
            <thead>
              <tr>
                <th scope="col">{__('Time')}</th>
                <th scope="col">{__('What')}</th>
                <th scope="col">{__('Period')}</th>
                <th scope="col">{__('Channel')}</th>
                <th scope="col">{__('Status')}</th>
                <th scope="col">{__('Attempts')}</th>
              </tr>
            </thead>
            <tbody>
              {deliveries.items.map((d) => (
                <tr key={d.id} className={d.status === 'failed' ? 'sl-notify__failed' : undefined}>
                  <td>{storeDateTime(d.date_sent_gmt ?? d.date_created_gmt)}</td>
                  <td>{source(d.source, d.source_id)}</td>
                  <td>{d.period}</td>
                  <td>{CHANNEL_LABELS[d.channel]}</td>
                  <td>
                    <strong>{STATUS_LABELS[d.status]}</strong>
                    {d.error && <span className="sl-notify__error-text">: {d.error}</span>}
                  </td>
                  <td>{d.attempts}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {(deliveries.total ?? 0) > PER_PAGE && (
        <Pagination
          total={deliveries.total ?? 0}
          page={page}
          perPage={PER_PAGE}
          onPageChange={setPage}
          perPageOptions={[PER_PAGE]}
        />
      )}
    </Section>
  );
}

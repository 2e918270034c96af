import type { ConnectionView } from '@storelens/api';
import { __, sprintf } from '@storelens/i18n';

/** A connection as `GET /storelens/v1/connections/{id}` answers it. */
export type Connection = ConnectionView;

/** The resources the import reads, in its order, with their names on the page. */
export const RESOURCE_LABELS: readonly (readonly [string, string])[] = [
  ['categories', __('Categories')],
  ['attributes', __('Attributes')],
  ['tax_rates', __('Tax rates')],
  ['coupons', __('Coupons')],
  ['customers', __('Customers')],
  ['products', __('Products')],
  ['variations', __('Variations (by variable product)')],
  ['orders', __('Orders with their refunds')],
];

/** The status as a sentence a shop owner reads (and a screen reader announces). */
export function statusText(c: Pick<Connection, 'status' | 'store'>): string {
  switch (c.status) {
    case 'importing':
      return sprintf(__('Importing %s…'), c.store.name);
    case 'syncing':
      return __('Checking the shop for changes (reconciliation)…');
    case 'paused':
      return __('Paused. Resume to continue where it stopped.');
    case 'error':
      return __('The shop is not answering as it should; Storelens keeps retrying by itself.');
    default:
      return sprintf(__('%s is in sync.'), c.store.name);
  }
}

/** "about 3 minutes left", from seconds; empty when unknown. */
export function estimateText(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '';
  if (seconds < 60) return __('less than a minute left');
  const minutes = Math.round(seconds / 60);
  if (minutes < 90)
    return sprintf(
      minutes === 1 ? __('about %d minute left') : __('about %d minutes left'),
      minutes,
    );
  return sprintf(__('about %d hours left'), Math.round(minutes / 60));
}

/** A resource's progress as "120 of 260", or "120" before its total is known. */
export function countText(p: { done: number; total: number }): string {
  return p.total > 0
    ? sprintf(__('%1$s of %2$s'), p.done.toLocaleString(), p.total.toLocaleString())
    : p.done.toLocaleString();
}

/** Webhooks' health in one line: all active, some off, or none registered. */
export function webhooksText(c: Pick<Connection, 'webhooks' | 'read_only'>): string {
  if (c.webhooks.length === 0)
    return c.read_only
      ? __(
          'No webhooks: the key is read-only (webhooks need read/write). Changes arrive by reconciliation.',
        )
      : __(
          'No webhooks registered (the server has no public address, STORELENS_PUBLIC_URL). Changes arrive by reconciliation.',
        );
  const off = c.webhooks.filter((w) => w.status !== 'active');
  return off.length === 0
    ? sprintf(__('%d webhooks registered and active.'), c.webhooks.length)
    : sprintf(
        __('%1$d of %2$d webhooks are not active: the next reconciliation switches them back on.'),
        off.length,
        c.webhooks.length,
      );
}

/**
 * A GMT 'YYYY-MM-DD HH:MM:SS' in the store's time zone, as every report shows times, with the
 * zone's short name ("Nov 28, 2026, 9:05:12 AM EST"), or "never".
 */
export function whenText(gmt: string | null, timeZone: string): string {
  if (!gmt) return __('never');
  const at = new Date(`${gmt.replace(' ', 'T')}Z`);
  if (Number.isNaN(at.getTime())) return gmt;
  try {
    return at.toLocaleString(undefined, { timeZone, timeZoneName: 'short' });
  } catch {
    // A zone the browser does not know: UTC, said as such.
    return at.toLocaleString(undefined, { timeZone: 'UTC', timeZoneName: 'short' });
  }
}

/** A retry the client made and that may well have worked, not a failure the owner must act on. */
export const isRetry = (e: { retry: string }) => /^retried in /.test(e.retry);

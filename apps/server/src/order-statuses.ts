import { orderStatuses } from '@storelens/api';
import type { Db } from './db/database';

/** A status slug as a label: "awaiting-shipment" → "Awaiting shipment". */
export function statusLabel(slug: string): string {
  const words = slug.replace(/^wc-/, '').replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Statuses of stored orders that no registered list names (a connected shop's custom
 * statuses, or an import's), sorted: the status settings and the dashboard's status filters
 * (its boot settings, on every page load) offer them too. Read from revenue_day, which has a
 * row per day and status that orders have: a few thousand rows where order_stats has one per
 * order.
 */
export async function dataOnlyStatuses(db: Db): Promise<string[]> {
  const known = new Set<string>(orderStatuses);
  const rows = await db.kysely.selectFrom('revenue_day').select('status').distinct().execute();
  return rows
    .map((r) => String(r.status ?? ''))
    .filter((status) => status !== '' && !known.has(status))
    .sort();
}

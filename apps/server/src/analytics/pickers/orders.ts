/** The orders picker (GET /wc-analytics/orders): an order-number prefix. */
import type { OrderSearchRow } from '@storelens/api';
import type { ReportContext } from '../context';
import { link } from '../paging';
import { idConditions, includeOrder, type PickerPaging, pickerPage } from './page';

/**
 * Id ranges whose decimal form starts with `prefix` (12 → 12, 120–129, 1200–1299, …), so
 * the order-number prefix search reads the primary key instead of scanning.
 */
export function prefixRanges(prefix: string, maxDigits = 15): [number, number][] {
  if (!/^\d+$/.test(prefix) || prefix.length > maxDigits) return [];
  const base = Number(prefix);
  if (base === 0) return [[0, 0]];
  const out: [number, number][] = [];
  for (let extra = 0; prefix.length + extra <= maxDigits; extra++) {
    const scale = 10 ** extra;
    out.push([base * scale, base * scale + scale - 1]);
  }
  return out;
}

/** GET /wc-analytics/orders: `number` is a prefix of the order id. */
export async function searchOrders(
  ctx: ReportContext,
  s: PickerPaging & {
    number: string | undefined;
    include: readonly number[];
    statuses: readonly string[];
  },
) {
  const where = ["o.type = 'order'"];
  const params: unknown[] = [];
  if (s.number !== undefined && s.number !== '') {
    const ranges = prefixRanges(s.number.trim());
    if (!ranges.length) where.push('1=0');
    else {
      where.push(`(${ranges.map(() => 'o.id BETWEEN ? AND ?').join(' OR ')})`);
      params.push(...ranges.flat());
    }
  }
  where.push(...idConditions('o.id', s.include));
  const statuses = s.statuses.filter((x) => x !== 'any');
  if (statuses.length && !s.statuses.includes('any')) {
    where.push(`o.status IN (${statuses.map(() => '?').join(',')})`);
    params.push(...statuses);
  }
  const dir = s.order === 'asc' ? 'ASC' : 'DESC';
  const order =
    s.orderby === 'include'
      ? `${includeOrder('o.id', s.include)} ASC, o.id ASC`
      : s.orderby === 'id'
        ? `o.id ${dir}`
        : `o.date_created_gmt ${dir}, o.id ${dir}`;
  const result = await pickerPage<{
    id: number;
    status: string;
    currency: string;
    customer_id: number;
    date_created: string;
    date_created_gmt: string;
    total: number;
  }>(
    ctx,
    `orders o WHERE ${where.join(' AND ')}`,
    params,
    // The local date the reports show: the order's lookup row's, swapped in with them by a
    // rebuild (which rewrites the orders' own in the new zone batch by batch; local-dates.ts).
    `o.id, o.status, o.currency, o.customer_id,
     COALESCE((SELECT s.date_created FROM order_stats s WHERE s.order_id = o.id),
       o.date_created) AS date_created,
     o.date_created_gmt, o.total`,
    order,
    s,
  );
  const symbols: Record<string, string> = { USD: '$', EUR: '€', GBP: '£', JPY: '¥', INR: '₹' };
  return {
    ...result,
    rows: result.rows.map(
      (r): OrderSearchRow => ({
        id: Number(r.id),
        number: String(r.id),
        status: r.status,
        currency: r.currency,
        currency_symbol: symbols[r.currency] ?? r.currency,
        customer_id: Number(r.customer_id),
        date_created: r.date_created.replace(' ', 'T'),
        date_created_gmt: r.date_created_gmt.replace(' ', 'T'),
        total: String(ctx.money(Number(r.total))),
        _links: { self: link(`/wc-analytics/orders/${Number(r.id)}`) },
      }),
    ),
  };
}

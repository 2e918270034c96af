import type { RawSql } from '../db/sql';
import type { OrderInput } from './types';

// New vs returning customers: each customer's first counted order, kept in
// customer_first_order, and the earlier orders whose flag a batch may flip.

interface FirstOrder {
  id: number;
  date: string;
}
const earlier = (a: FirstOrder, b: FirstOrder) =>
  a.date < b.date || (a.date === b.date && a.id < b.id);

/**
 * The first counted (non-excluded) order of each customer in the batch, by creation date then
 * id, kept in `customer_first_order`. Customers of re-ingested orders, and customers without a
 * stored first order, are recomputed from all their orders (source rows already written);
 * the rest compare the stored first order with the batch's.
 *
 * `candidates()` lists the earlier orders whose new/returning flag may have changed, and
 * `save()` writes the changed first orders.
 */
export async function firstOrders(
  sql: RawSql,
  orders: readonly OrderInput[],
  recompute: Set<number>,
  excluded: Set<string>,
) {
  const customers = new Set<number>();
  for (const o of orders) if (o.customerId > 0) customers.add(o.customerId);
  for (const c of recompute) customers.add(c);
  const stored = new Map<number, FirstOrder>();
  for (const r of await sql.selectIn<{
    customer_id: number;
    order_id: number;
    date_created_gmt: string;
  }>('SELECT customer_id, order_id, date_created_gmt FROM customer_first_order', 'customer_id', [
    ...customers,
  ])) {
    stored.set(Number(r.customer_id), { id: Number(r.order_id), date: r.date_created_gmt });
  }
  const full = [...customers].filter((c) => recompute.has(c) || !stored.has(c));
  const best = new Map<number, FirstOrder>();
  const consider = (customer: number, candidate: FirstOrder) => {
    const current = best.get(customer);
    if (!current || earlier(candidate, current)) best.set(customer, candidate);
  };
  const batch = new Set(orders.map((o) => o.id));
  /** Orders of recomputed customers outside the batch: their flags may change. */
  const earlierOrders: number[] = [];
  for (const r of await sql.selectIn<{
    id: number;
    customer_id: number;
    date_created_gmt: string;
    status: string;
  }>(
    'SELECT id, customer_id, date_created_gmt, status FROM orders',
    'customer_id',
    full,
    "AND type = 'order'",
  )) {
    if (!batch.has(Number(r.id))) earlierOrders.push(Number(r.id));
    if (!excluded.has(r.status))
      consider(Number(r.customer_id), { id: Number(r.id), date: r.date_created_gmt });
  }
  const fullSet = new Set(full);
  for (const [customer, first] of stored) if (!fullSet.has(customer)) best.set(customer, first);
  for (const o of orders) {
    if (o.customerId > 0 && !fullSet.has(o.customerId) && !excluded.has(o.status))
      consider(o.customerId, { id: o.id, date: o.dateCreatedGmt });
  }
  return {
    current: new Map([...best].map(([customer, f]) => [customer, f.id])),
    /** Orders outside the batch that may flip: every order of a recomputed customer, else the replaced first order. */
    async candidates() {
      const out: { order_id: number; customer_id: number; returning_customer: number }[] = [];
      const mayFlip = [...stored]
        .filter(([customer, f]) => !fullSet.has(customer) && best.get(customer)?.id !== f.id)
        .map(([, f]) => f.id)
        .filter((id) => !batch.has(id));
      mayFlip.push(...earlierOrders);
      for (const r of await sql.selectIn<{
        order_id: number;
        customer_id: number;
        returning_customer: number;
      }>(
        'SELECT order_id, customer_id, returning_customer FROM order_stats',
        'order_id',
        mayFlip,
      )) {
        out.push({ ...r, order_id: Number(r.order_id), customer_id: Number(r.customer_id) });
      }
      return out;
    },
    async save() {
      const changed: unknown[][] = [];
      for (const [customer, f] of best) {
        const before = stored.get(customer);
        if (!before || before.id !== f.id || before.date !== f.date)
          changed.push([customer, f.id, f.date]);
      }
      await sql.insertMany(
        'customer_first_order',
        ['customer_id', 'order_id', 'date_created_gmt'],
        changed,
        {
          keys: ['customer_id'],
          mode: 'replace',
        },
      );
      const gone = full.filter((c) => !best.has(c) && stored.has(c));
      await sql.deleteIn('customer_first_order', 'customer_id', gone);
    },
  };
}

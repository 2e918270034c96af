import type { RawSql } from '../db/sql';
import type { Deltas } from './contributions';
import { loadLookups, orderCoupons, ProductCategories } from './rows';
import type { OrderInput } from './types';

// New vs returning customers: each customer's first counted order, kept in
// customer_first_order, and the earlier orders whose flag a batch may flip.

/**
 * What a bulk load into an empty store (ingest/bulk-rollups.ts) keeps in memory about new and
 * returning customers, so that a batch reads back no earlier order:
 *
 * - `uncounted`: the orders of each customer who has orders but no counted one yet (all of
 *   excluded statuses). Every order of the load passes through it, so a customer missing from
 *   both this and `customer_first_order` has no order yet. Ordinary ingestion reads a
 *   customer's orders back instead, which at 10,000,000 orders on PostgreSQL cost 459 s of
 *   random reads (the orders of customers met for the first time, by customer).
 * - `pending`: orders whose flag changed during the load, with the flag their lookup rows
 *   still hold. Their rows and rollups are moved once, at the end of the load, in order-id
 *   order (`moveFlips`), instead of a few at a time from all over the lookup tables after each
 *   batch (690 s at 10,000,000 orders on PostgreSQL).
 */
export class BulkNewReturning {
  readonly uncounted = new Map<number, number[]>();
  readonly pending = new Map<number, { stored: number; now: number }>();

  /** The flag an order has now, given the one its lookup rows hold. */
  flagOf(orderId: number, stored: number): number {
    return this.pending.get(orderId)?.now ?? stored;
  }

  /** Records that an order's flag is now `to` (its current flag being `current`). */
  flip(orderId: number, current: number, to: number) {
    const entry = this.pending.get(orderId);
    if (!entry) this.pending.set(orderId, { stored: current, now: to });
    else if (entry.stored === to) this.pending.delete(orderId);
    else entry.now = to;
  }

  /**
   * Forgets the pending flips of orders being replaced or removed: their old rows go with the
   * flag they hold, which is the flag their rollup contributions were counted under.
   */
  forget(orderIds: readonly number[]) {
    for (const id of orderIds) this.pending.delete(id);
  }

  /** Moves every pending flip (lookup rows and rollup contributions), in chunks of order ids. */
  async moveFlips(sql: RawSql, deltas: Deltas) {
    const ids = [...this.pending.keys()].sort((a, b) => a - b);
    const categories = new ProductCategories(sql);
    for (let start = 0; start < ids.length; start += FLIP_CHUNK) {
      const flagOf = new Map<number, number>();
      for (const id of ids.slice(start, start + FLIP_CHUNK))
        flagOf.set(id, this.pending.get(id)!.now);
      await moveFlags(sql, deltas, categories, flagOf);
    }
    this.pending.clear();
  }
}

/** Orders whose flags one statement moves at the end of a bulk load. */
const FLIP_CHUNK = 20_000;

/**
 * Gives orders a new new/returning flag: their lookup rows and their refunds' (which carry the
 * order's flag) are updated, one UPDATE per table and flag on an id list (both engines answer
 * by primary key), and their revenue and item rollup contributions move from the old flag to
 * the new (month rollups have no new/returning column).
 */
export async function moveFlags(
  sql: RawSql,
  deltas: Deltas,
  categories: ProductCategories,
  flagOf: ReadonlyMap<number, number>,
) {
  const byFlag: [number[], number[]] = [[], []];
  const moved = await loadLookups(sql, [...flagOf.keys()]);
  await categories.load(moved.flatMap((l) => l.products.map((p) => p.product_id)));
  const movedCoupons = orderCoupons(moved);
  for (const l of moved) {
    const own = movedCoupons(l);
    deltas.addRevenue(-1, l.stats, l.products, l.coupons, categories.of, own);
    const orderId = Number(l.stats.order_id);
    const parentId = Number(l.stats.parent_id);
    const flag = flagOf.get(parentId === 0 ? orderId : parentId)!;
    byFlag[flag]!.push(orderId);
    deltas.addRevenue(
      1,
      { ...l.stats, returning_customer: flag },
      l.products,
      l.coupons,
      categories.of,
      own,
    );
  }
  for (const [flag, rowIds] of byFlag.entries()) {
    if (rowIds.length === 0) continue;
    for (const table of ['order_stats', 'order_product_lookup', 'order_coupon_lookup']) {
      await sql.run(
        `UPDATE ${table} SET returning_customer = ? WHERE ${sql.inIdList('order_id')}`,
        [flag, sql.idList(rowIds)],
      );
    }
  }
}

interface FirstOrder {
  id: number;
  date: string;
}
const earlier = (a: FirstOrder, b: FirstOrder) =>
  a.date < b.date || (a.date === b.date && a.id < b.id);

/**
 * The first counted (non-excluded) order of each customer in the batch, by creation date then
 * id, kept in `customer_first_order`. Customers of re-ingested orders, and customers without a
 * stored first order, are recomputed from all their orders: those stored (read before the
 * batch's source rows are written, after re-ingested orders' old rows are deleted) and the
 * batch's; the rest compare the stored first order with the batch's. In a bulk load (`load`),
 * only the customers of re-ingested orders are read back: the others' earlier orders are known.
 *
 * `candidates()` lists the earlier orders whose new/returning flag may have changed, with
 * their current flag, and `save()` writes the changed first orders.
 */
export async function firstOrders(
  sql: RawSql,
  orders: readonly OrderInput[],
  recompute: Set<number>,
  excluded: Set<string>,
  load?: BulkNewReturning,
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
  const fullSet = new Set(full);
  const readBack = load ? full.filter((c) => recompute.has(c)) : full;
  const readSet = new Set(readBack);
  const best = new Map<number, FirstOrder>();
  const consider = (customer: number, candidate: FirstOrder) => {
    const current = best.get(customer);
    if (!current || earlier(candidate, current)) best.set(customer, candidate);
  };
  /** Orders of recomputed customers outside the batch: their flags may change. */
  const earlierOrders: number[] = [];
  /** The stored orders of each customer read back (with the batch's, a bulk load's `uncounted`). */
  const ordersOf = new Map<number, number[]>();
  for (const r of await sql.selectIn<{
    id: number;
    customer_id: number;
    date_created_gmt: string;
    status: string;
  }>(
    'SELECT id, customer_id, date_created_gmt, status FROM orders',
    'customer_id',
    readBack,
    "AND type = 'order'",
  )) {
    const id = Number(r.id);
    const customer = Number(r.customer_id);
    earlierOrders.push(id);
    if (load) {
      const list = ordersOf.get(customer);
      if (list) list.push(id);
      else ordersOf.set(customer, [id]);
    }
    if (!excluded.has(r.status)) consider(customer, { id, date: r.date_created_gmt });
  }
  /** A bulk load's known orders of customers without a first counted order: [order, customer]. */
  const known: [number, number][] = [];
  if (load)
    for (const customer of full)
      if (!readSet.has(customer))
        for (const id of load.uncounted.get(customer) ?? []) known.push([id, customer]);
  for (const [customer, first] of stored) if (!fullSet.has(customer)) best.set(customer, first);
  const batch = new Set<number>();
  for (const o of orders) {
    batch.add(o.id);
    if (o.customerId > 0 && !excluded.has(o.status))
      consider(o.customerId, { id: o.id, date: o.dateCreatedGmt });
  }
  return {
    current: new Map([...best].map(([customer, f]) => [customer, f.id])),
    /**
     * Orders outside the batch that may flip: every order of a recomputed customer, else the
     * replaced first order, else (in a bulk load) the known orders of a customer without a
     * first counted order.
     */
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
        const id = Number(r.order_id);
        const flag = Number(r.returning_customer);
        out.push({
          order_id: id,
          customer_id: Number(r.customer_id),
          returning_customer: load ? load.flagOf(id, flag) : flag,
        });
      }
      // A customer without a first counted order has every order new (flag 0): a pending
      // flip of such an order can only be back to 0.
      for (const [id, customer] of known)
        out.push({ order_id: id, customer_id: customer, returning_customer: 0 });
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
      if (load) remember(load, orders, full, readSet, ordersOf, best);
    },
  };
}

/**
 * Keeps a bulk load's `uncounted` current after a batch: a customer with a first counted order
 * leaves it, one without has all their orders listed (those read back, or those known plus
 * the batch's).
 */
function remember(
  load: BulkNewReturning,
  orders: readonly OrderInput[],
  full: readonly number[],
  readSet: ReadonlySet<number>,
  ordersOf: ReadonlyMap<number, number[]>,
  best: ReadonlyMap<number, FirstOrder>,
) {
  const batchOf = new Map<number, number[]>();
  for (const o of orders) {
    if (o.customerId <= 0) continue;
    const list = batchOf.get(o.customerId);
    if (list) list.push(o.id);
    else batchOf.set(o.customerId, [o.id]);
  }
  for (const customer of full) {
    const ids = best.has(customer)
      ? []
      : [
          ...((readSet.has(customer) ? ordersOf : load.uncounted).get(customer) ?? []),
          ...(batchOf.get(customer) ?? []),
        ];
    if (ids.length > 0) load.uncounted.set(customer, ids);
    else load.uncounted.delete(customer);
  }
}

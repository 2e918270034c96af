import {
  CustomerTimeUpdate,
  dropCustomerTimeState,
  storeTimeSettings,
} from '../analytics/customer-time';
import { prepareCustomerTotals, updateCustomerTotals } from '../analytics/customer-totals';
import type { Db } from '../db/database';
import { lockOrders } from '../db/order-locks';
import { pipelinedTransaction } from '../db/sql';
import { readStoreSettings } from '../options';
import { zone } from '../timezone';
import type { BulkRollups } from './bulk-rollups';
import { Deltas } from './contributions';
import { ItemVisitChanges, itemVisitsStale } from './item-visits';
import { ATTRIBUTION_COLUMNS } from './order-facts';
import { firstOrders, moveFlags } from './returning';
import { applyItemDays, applyPeriods, applyRevenue } from './rollups';
import {
  deleteOrders,
  FEE_COLUMNS,
  ITEM_COLUMNS,
  insertLookups,
  loadLookups,
  ORDER_COLUMNS,
  orderCoupons,
  ProductCategories,
  readProductCosts,
  sourceRows,
} from './rows';
import { SourceDayChanges } from './source-day';
import type { OrderInput } from './types';

/** Orders from which a batch counts as a bulk load (no statement timeout on PostgreSQL). */
const BULK_BATCH_ORDERS = 5_000;

/**
 * The one ingestion path: writes orders and their refunds (source rows, lookup rows and
 * rollups) in one transaction. Idempotent by order id: an order seen before is replaced and
 * its old contribution to every rollup subtracted first. Orders named in `remove` (a shop's
 * trashed or deleted orders) are taken out the same way and not written again.
 */
export async function ingestOrders(
  db: Db,
  orders: readonly OrderInput[],
  remove: readonly number[] = [],
  /**
   * `bulk`: a bulk load into an empty store (the demo generator). The batch's rollup
   * contributions are added to the load's sums instead of upserted, and the rows of the days
   * the load closed are written (`BulkRollups` in ingest/bulk-rollups.ts; a failed batch
   * leaves its contributions in the sums, so such a load is abandoned at its first error).
   */
  options: {
    bulk?: BulkRollups;
    /** Milliseconds spent per phase are added here (the demo's `--timings`). */
    timings?: Record<string, number>;
    /**
     * `false`: leave item_visits alone (a rebuild's copy, which counts them all before its
     * swap). Otherwise they are kept, unless an import marked them stale.
     */
    itemVisits?: boolean;
  } = {},
): Promise<void> {
  if (orders.length === 0 && remove.length === 0) return;
  const settings = await readStoreSettings(db);
  const toLocal = zone(settings.timezone).toLocal;
  const excluded = new Set<string>(settings.excludedStatuses);
  options.bulk?.ingestedUnder(settings.excludedStatuses);

  let commitStarted = 0;
  // PostgreSQL writes the batch while this process builds the next rows (RawSql.pipelined).
  await pipelinedTransaction(db, async (sql) => {
    // A bulk batch (the demo generator's are 50,000 orders) may take longer than the statement
    // timeout that protects requests (db/database.ts); a webhook's order or an import batch
    // keeps it.
    if (db.engine === 'postgres' && orders.length >= BULK_BATCH_ORDERS) {
      await sql.liftStatementTimeout();
      // Nor does it wait for its commit to reach the disk: a crash can lose only the last
      // batches (WAL is flushed in order, so never one committed after a later durable
      // commit such as an import's cursor), and bulk loads are repeatable.
      await sql.run('SET LOCAL synchronous_commit = off');
    }
    // Ingestion's statements are index probes and upserts: on a large batch their estimated
    // cost starts JIT compilation, which costs more than running them.
    if (db.engine === 'postgres') await sql.run('SET LOCAL jit = off');
    const deltas = options.bulk?.deltas ?? new Deltas({ items: true });
    const categories = new ProductCategories(sql);
    const orderIds = orders.map((o) => o.id);
    const touched = [...new Set([...orderIds, ...remove])];
    // Two ingestions of one order take turns (PostgreSQL row locks; db/order-locks.ts).
    await lockOrders(sql, touched);
    // What the batch reads is read before it writes: a pipelined write (RawSql.pipelined) goes
    // on in PostgreSQL while this process works, until a read waits for it.
    await prepareCustomerTotals(sql, settings.excludedStatuses);
    // Customers over time: the persons the batch touches, read before it writes (a bulk load
    // leaves the tables stale; its end builds them: demo/generate.ts).
    let customerTime: CustomerTimeUpdate | undefined;
    if (options.bulk) await dropCustomerTimeState(sql);
    else {
      const customers = new Set(orders.map((o) => o.customerId));
      for (const column of ['order_id', 'parent_id'])
        for (const r of await sql.selectIn<{ customer_id: number }>(
          'SELECT customer_id FROM order_stats',
          column,
          touched,
        ))
          customers.add(Number(r.customer_id));
      customerTime = await CustomerTimeUpdate.start(sql, storeTimeSettings(settings), customers);
    }
    await categories.load(orders.flatMap((o) => o.lines.map((l) => l.productId)));
    const costAt = await readProductCosts(sql, orders);

    const phase = phaseTimer(options.timings);
    // 1. Subtract and delete what re-ingested (or removed) orders and their old refunds
    // contributed.
    const seen = (
      await sql.selectIn<{ id: number }>(
        'SELECT id FROM orders',
        'id',
        touched,
        "AND type = 'order'",
      )
    ).map((r) => Number(r.id));
    // A removed order may have lookup rows without source rows (a rebuild read it before the
    // shop removed it: rebuild.ts replays the removal): it is taken out all the same.
    for (const r of await sql.selectIn<{ id: number }>(
      'SELECT order_id AS id FROM order_stats',
      'order_id',
      remove.filter((id) => !seen.includes(id)),
      'AND parent_id = 0',
    ))
      seen.push(Number(r.id));
    // The Sources report's day sums: the touched orders' rows as they were (a bulk load fills
    // them at its end).
    const sourceDays = options.bulk ? undefined : new SourceDayChanges();
    await sourceDays?.read(sql, seen, -1);
    const recompute = new Set<number>();
    const load = options.bulk?.newReturning;
    load?.forget(seen);
    const old = seen.length > 0 ? await loadLookups(sql, seen) : [];
    // The item visits of every customer the batch touches, of the products of the lines it
    // replaces and writes, before it changes them (a bulk load counts them all at its end, and
    // so does an import, which marks them stale meanwhile).
    const visits =
      options.bulk || options.itemVisits === false || (await itemVisitsStale(sql))
        ? undefined
        : await ItemVisitChanges.read(
            sql,
            [...old.map((l) => Number(l.stats.customer_id)), ...orders.map((o) => o.customerId)],
            [
              ...old.flatMap((l) => l.products.map((p) => Number(p.product_id))),
              ...orders.flatMap((o) => o.lines.map((l) => l.productId)),
            ],
            settings.excludedStatuses,
          );
    if (seen.length > 0) {
      await categories.load(old.flatMap((l) => l.products.map((p) => p.product_id)));
      const oldCoupons = orderCoupons(old);
      for (const l of old) {
        deltas.add(-1, l.stats, l.products, l.coupons, l.taxes, categories.of, oldCoupons(l));
        if (l.stats.customer_id > 0) recompute.add(Number(l.stats.customer_id));
      }
      const oldIds = old.map((l) => l.stats.order_id);
      await updateCustomerTotals(sql, seen, -1, settings.excludedStatuses);
      await deleteOrders(sql, oldIds, seen);
      const again = new Set(seen);
      for (const o of orders) if (again.has(o.id) && o.customerId > 0) recompute.add(o.customerId);
    }

    phase('replaced orders');
    // 2. New vs returning: each customer's first counted order (read before the batch's rows
    // are written; the batch's orders are taken from the input).
    const first = await firstOrders(sql, orders, recompute, excluded, load);
    const returningOf = (orderId: number, customerId: number) => {
      const f = first.current.get(customerId);
      return customerId > 0 && f !== undefined && f !== orderId ? 1 : 0;
    };
    // Earlier orders whose new/returning flag changes with the first orders (moved in step 5).
    const flipped = (await first.candidates()).filter(
      (c) => returningOf(c.order_id, c.customer_id) !== c.returning_customer,
    );
    await first.save();
    const flippedIds = flipped.map((c) => Number(c.order_id));
    const replaced = new Set(seen);
    await sourceDays?.read(
      sql,
      flippedIds.filter((id) => !replaced.has(id)),
      -1,
    );
    phase('first orders');

    // 3. Source rows.
    const source = sourceRows(orders, toLocal, costAt);
    await sql.insertMany('orders', ORDER_COLUMNS, source.orders);
    await sql.insertMany('order_items', ITEM_COLUMNS, source.items);
    await sql.insertMany(
      'order_coupon_lines',
      ['order_id', 'coupon_id', 'code', 'discount'],
      source.couponLines,
    );
    await sql.insertMany(
      'order_tax_lines',
      ['order_id', 'tax_rate_id', 'tax_total', 'shipping_tax_total'],
      source.taxLines,
    );
    await sql.insertMany('order_fee_lines', FEE_COLUMNS, source.feeLines);
    await sql.insertMany('order_attribution', ATTRIBUTION_COLUMNS, source.attribution);

    phase('source rows');

    // 4. Lookup rows of the batch (the wide ones copied in SQL from the source rows just
    // written) and their rollup contributions.
    const fresh = source.lookups(returningOf);
    const freshIds = fresh.map((l) => l.stats.order_id);
    await insertLookups(sql, fresh, freshIds, source.items);
    phase('lookup rows');
    await updateCustomerTotals(sql, orderIds, 1, settings.excludedStatuses);
    phase('customer totals');
    const freshCoupons = orderCoupons(fresh);
    for (const l of fresh) {
      deltas.add(1, l.stats, l.products, l.coupons, l.taxes, categories.of, freshCoupons(l));
      if (sql.pipelined) await sql.turn();
    }

    phase('contributions');
    // 5. Earlier orders whose new/returning flag changed with the first orders (a bulk load
    // moves them all at its end: BulkNewReturning in ingest/returning.ts).
    if (load) {
      for (const c of flipped)
        load.flip(c.order_id, c.returning_customer, returningOf(c.order_id, c.customer_id));
    } else if (flipped.length > 0) {
      const flagOf = new Map(
        flipped.map((c) => [c.order_id, returningOf(c.order_id, c.customer_id)] as const),
      );
      await moveFlags(sql, deltas, categories, flagOf);
    }

    phase('new/returning flips');
    // 6. Rollups, and the touched customers' item visits.
    if (visits) {
      await visits.write(
        sql,
        old.map((l) => Number(l.stats.order_id)),
        fresh,
      );
      phase('item visits');
    }
    if (options.bulk) {
      await options.bulk.flush(sql);
      phase('rollups of closed days');
    } else {
      await applyRevenue(sql, 'revenue_hour', deltas);
      await applyRevenue(sql, 'revenue_day', deltas);
      phase('revenue rollups');
      await applyPeriods(sql, deltas);
      phase('month and day rollups');
      await applyItemDays(sql, deltas);
      phase('item_day');
      await sourceDays?.read(sql, [...new Set([...orderIds, ...flippedIds])], 1);
      await sourceDays?.write(sql);
      phase('source_day');
    }
    await customerTime?.finish(sql);
    phase('customers over time');
    await sql.settle();
    phase('written (PostgreSQL catching up)');
    commitStarted = performance.now();
  });
  phaseTimer(options.timings)('commit', commitStarted);
  db.events.emit('ingested');
}

/**
 * A phase timer: each call adds the time since the previous call (or since `from`) to the
 * phase named; without `timings` it does nothing.
 */
export function phaseTimer(timings: Record<string, number> | undefined) {
  let last = performance.now();
  return (name: string, from?: number) => {
    if (!timings) return;
    const now = performance.now();
    timings[name] = (timings[name] ?? 0) + now - (from ?? last);
    last = now;
  };
}

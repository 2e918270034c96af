import { updateCustomerTotals } from '../analytics/customer-totals';
import type { Db } from '../db/database';
import { rowsIn } from '../db/dialect';
import { ADD_MULTISETS_SQL, formatMultiset } from '../db/multiset';
import { ITEM_DAY_KEYS, MONTH_ROLLUPS } from '../db/rollups';
import { RawSql } from '../db/sql';
import { allocateUnits } from '../money';
import { readStoreSettings } from '../options';
import { zone } from '../timezone';
import {
  type CouponRow,
  Deltas,
  decodeItemKey,
  type ItemDaySink,
  type MonthTable,
  type ProductRow,
  type StatsRow,
  type TaxRow,
} from './contributions';
import type { OrderInput } from './types';

/** Listeners told after each committed batch (the report cache bumps its version). */
const ingestListeners = new Set<() => void>();

/**
 * Tells the listeners a batch was committed elsewhere: by a worker thread, whose own
 * listeners live in its own memory (src/admin/jobs/worker.ts).
 */
export function announceIngested(): void {
  for (const listener of ingestListeners) listener();
}

/** Registers a listener called after every committed ingestion batch. */
export function onIngested(listener: () => void): () => void {
  ingestListeners.add(listener);
  return () => ingestListeners.delete(listener);
}

const STATS_COLUMNS = [
  'order_id',
  'parent_id',
  'status',
  'customer_id',
  'returning_customer',
  'date_created',
  'date_created_gmt',
  'date_paid',
  'date_completed',
  'num_items_sold',
  'total_sales',
  'tax_total',
  'shipping_total',
  'net_total',
  'discount_total',
] as const;
const PRODUCT_COLUMNS = [
  'order_item_id',
  'order_id',
  'parent_id',
  'product_id',
  'variation_id',
  'customer_id',
  'status',
  'returning_customer',
  'date_created',
  'date_paid',
  'date_completed',
  'product_qty',
  'product_net_revenue',
  'product_gross_revenue',
  'coupon_amount',
  'tax_amount',
  'shipping_amount',
  'shipping_tax_amount',
] as const;
const COUPON_COLUMNS = [
  'order_id',
  'coupon_id',
  'status',
  'returning_customer',
  'date_created',
  'date_paid',
  'date_completed',
  'discount_amount',
] as const;
const TAX_COLUMNS = [
  'order_id',
  'tax_rate_id',
  'parent_id',
  'status',
  'date_created',
  'date_paid',
  'date_completed',
  'shipping_tax',
  'order_tax',
  'total_tax',
] as const;
const ORDER_COLUMNS = [
  'id',
  'parent_id',
  'type',
  'status',
  'currency',
  'customer_id',
  'date_created',
  'date_created_gmt',
  'date_paid',
  'date_paid_gmt',
  'date_completed',
  'date_completed_gmt',
  'total',
  'tax_total',
  'shipping_total',
  'shipping_tax',
  'discount_total',
  'billing_country',
  'billing_state',
  'billing_email',
] as const;
const ITEM_COLUMNS = [
  'id',
  'order_id',
  'product_id',
  'variation_id',
  'name',
  'quantity',
  'subtotal',
  'total',
  'tax',
  'shipping',
  'shipping_tax',
  'coupon_amount',
] as const;

type Row<C extends readonly string[]> = Record<C[number], unknown>;
type StatsLookup = StatsRow & {
  customer_id: number;
  date_created_gmt: string;
  discount_total: number;
};
type CouponLookup = CouponRow & Row<typeof COUPON_COLUMNS>;
type TaxLookup = TaxRow & Row<typeof TAX_COLUMNS>;

const values = <C extends readonly string[]>(columns: C, row: Row<C>) =>
  columns.map((c) => row[c as C[number]]);

/**
 * The lookup rows of one order or refund. Product lookup rows are copied in SQL; `products`
 * holds only what the month rollups read of them.
 */
interface Lookup {
  stats: StatsLookup;
  products: ProductRow[];
  coupons: CouponLookup[];
  taxes: TaxLookup[];
}

/**
 * The one ingestion path: writes orders and their refunds (source rows, lookup rows and
 * rollups) in one transaction. Idempotent by order id: an order seen before is replaced and
 * its old contribution to every rollup subtracted first. Orders named in `remove` (a shop's
 * trashed or deleted orders) are taken out the same way and not written again.
 */
/** Orders from which a batch counts as a bulk load (no statement timeout on PostgreSQL). */
const BULK_BATCH_ORDERS = 5_000;

export async function ingestOrders(
  db: Db,
  orders: readonly OrderInput[],
  remove: readonly number[] = [],
  /**
   * `itemDays: false` leaves item_day alone: only for a store whose item_day is rolled up
   * afterwards (`rollUpItemDays`, migration 015). An `ItemDayTotals` given here sums the
   * batch's item_day contributions instead of writing them: a bulk load into an empty store
   * that writes item_day once at its end (a failed batch leaves its contributions in the
   * totals, so such a load is abandoned at its first error).
   */
  options: {
    itemDays?: boolean | ItemDaySink;
    /** Milliseconds spent per phase are added here (the demo's `--timings`). */
    timings?: Record<string, number>;
  } = {},
): Promise<void> {
  if (orders.length === 0 && remove.length === 0) return;
  const settings = await readStoreSettings(db);
  const toLocal = zone(settings.timezone).toLocal;
  const excluded = new Set<string>(settings.excludedStatuses);

  let commitStarted = 0;
  await db.kysely.transaction().execute(async (trx) => {
    const sql = new RawSql(trx, db.engine, db.sqlite);
    // A bulk batch (the demo generator's are 50,000 orders) may take longer than the statement
    // timeout that protects requests (db/database.ts); a webhook's order or an import batch
    // keeps it.
    if (db.engine === 'postgres' && orders.length >= BULK_BATCH_ORDERS) {
      await sql.run('SET LOCAL statement_timeout = 0');
      // Nor does it wait for its commit to reach the disk: a crash can lose only the last
      // batches (WAL is flushed in order, so never one committed after a later durable
      // commit such as an import's cursor), and bulk loads are repeatable.
      await sql.run('SET LOCAL synchronous_commit = off');
    }
    const sink = typeof options.itemDays === 'object' ? options.itemDays : undefined;
    const deltas = new Deltas({ items: options.itemDays !== false, sink });
    const categories = new ProductCategories(sql);
    const orderIds = orders.map((o) => o.id);
    const touched = [...new Set([...orderIds, ...remove])];

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
    const recompute = new Set<number>();
    if (seen.length > 0) {
      const old = await loadLookups(sql, seen);
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
    // 2. Source rows.
    const source = sourceRows(orders, toLocal);
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

    phase('source rows');
    // 3. New vs returning: each customer's first counted order.
    const first = await firstOrders(sql, orders, recompute, excluded);
    const returningOf = (orderId: number, customerId: number) => {
      const f = first.current.get(customerId);
      return customerId > 0 && f !== undefined && f !== orderId ? 1 : 0;
    };
    await first.save();
    phase('first orders');

    // 4. Lookup rows of the batch (the wide ones copied in SQL from the source rows just
    // written) and their rollup contributions.
    const fresh = source.lookups(returningOf);
    const freshIds = fresh.map((l) => l.stats.order_id);
    await insertLookups(sql, fresh, freshIds);
    phase('lookup rows');
    await updateCustomerTotals(sql, orderIds, 1, settings.excludedStatuses);
    phase('customer totals');
    await categories.load(orders.flatMap((o) => o.lines.map((l) => l.productId)));
    const freshCoupons = orderCoupons(fresh);
    for (const l of fresh)
      deltas.add(1, l.stats, l.products, l.coupons, l.taxes, categories.of, freshCoupons(l));

    phase('contributions');
    // 5. Earlier orders whose new/returning flag changed with the first orders. Month rollups
    // have no new/returning column: only the revenue and item rollups move.
    const flipped = (await first.candidates()).filter(
      (c) => returningOf(c.order_id, c.customer_id) !== Number(c.returning_customer),
    );
    if (flipped.length > 0) {
      const flagOf = new Map(
        flipped.map((c) => [c.order_id, returningOf(c.order_id, c.customer_id)] as const),
      );
      // The flipped orders' lookup rows and their refunds' (which carry the order's flag):
      // their revenue moves from the old flag to the new, and the rows are updated by new
      // flag, one UPDATE per table and flag on an id list (both engines answer by primary key).
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

    phase('new/returning flips');
    // 6. Rollups.
    await applyRevenue(sql, 'revenue_hour', deltas);
    await applyRevenue(sql, 'revenue_day', deltas);
    phase('revenue rollups');
    for (const table of deltas.months.keys()) await applyMonths(sql, table, deltas);
    await applyCategoryDays(sql, deltas);
    phase('month and category rollups');
    await applyItemDays(sql, deltas);
    phase('item_day');
    commitStarted = performance.now();
  });
  phaseTimer(options.timings)('commit', commitStarted);
  for (const listener of ingestListeners) listener();
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

const sum = <T>(items: readonly T[], f: (item: T) => number) => items.reduce((a, x) => a + f(x), 0);

/**
 * Source rows of a batch (orders with their refunds, lines, coupon and tax lines) and, once
 * new/returning is known, the lookup rows derived from the same figures.
 */
function sourceRows(orders: readonly OrderInput[], toLocal: (gmt: string) => string) {
  const orderRows: unknown[][] = [];
  const items: unknown[][] = [];
  const couponLines: unknown[][] = [];
  const taxLines: unknown[][] = [];
  /** Per order: its local dates, computed once for source and lookup rows. */
  const local = new Map<number, { created: string; paid: string | null; done: string | null }>();
  for (const o of orders) {
    const lineTax = sum(o.lines, (l) => l.tax);
    const lineTotal = sum(o.lines, (l) => l.total);
    const discount = sum(o.coupons, (c) => c.discount);
    const quantities = o.lines.map((l) => l.quantity);
    const shares = {
      shipping: allocateUnits(o.shipping, quantities),
      shippingTax: allocateUnits(o.shippingTax, quantities),
    };
    const dates = {
      created: toLocal(o.dateCreatedGmt),
      paid: o.datePaidGmt && toLocal(o.datePaidGmt),
      done: o.dateCompletedGmt && toLocal(o.dateCompletedGmt),
    };
    local.set(o.id, dates);
    orderRows.push([
      o.id,
      0,
      'order',
      o.status,
      o.currency,
      o.customerId,
      dates.created,
      o.dateCreatedGmt,
      dates.paid,
      o.datePaidGmt,
      dates.done,
      o.dateCompletedGmt,
      lineTotal + lineTax + o.shipping + o.shippingTax,
      lineTax + o.shippingTax,
      o.shipping,
      o.shippingTax,
      discount,
      o.billing.country,
      o.billing.state,
      o.billing.email,
    ]);
    o.lines.forEach((l, i) => {
      items.push([
        l.id,
        o.id,
        l.productId,
        l.variationId,
        l.name,
        l.quantity,
        l.subtotal,
        l.total,
        l.tax,
        shares.shipping[i],
        shares.shippingTax[i],
        l.subtotal - l.total,
      ]);
    });
    for (const c of o.coupons) couponLines.push([o.id, c.couponId, c.code, c.discount]);
    for (const t of o.taxes) taxLines.push([o.id, t.rateId, t.tax, t.shippingTax]);
    for (const r of o.refunds) {
      const tax = sum(r.lines, (l) => l.tax) + r.shippingTax;
      const total = sum(r.lines, (l) => l.total) + tax + r.shipping + (r.extra ?? 0);
      const refundQuantities = r.lines.map((l) => l.quantity);
      const refundShares = {
        shipping: allocateUnits(r.shipping, refundQuantities),
        shippingTax: allocateUnits(r.shippingTax, refundQuantities),
      };
      const at = toLocal(r.dateCreatedGmt);
      local.set(r.id, { created: at, paid: at, done: at });
      orderRows.push([
        r.id,
        o.id,
        'refund',
        o.status,
        o.currency,
        o.customerId,
        at,
        r.dateCreatedGmt,
        at,
        r.dateCreatedGmt,
        at,
        r.dateCreatedGmt,
        -total,
        -tax,
        -r.shipping,
        -r.shippingTax,
        0,
        o.billing.country,
        o.billing.state,
        o.billing.email,
      ]);
      r.lines.forEach((l, i) => {
        const line = o.lines.find((x) => x.id === l.orderItemId);
        if (!line) throw new RangeError(`Refund ${r.id} refunds unknown line ${l.orderItemId}`);
        items.push([
          l.id,
          r.id,
          line.productId,
          line.variationId,
          line.name,
          -l.quantity,
          -l.total,
          -l.total,
          -l.tax,
          -(refundShares.shipping[i] ?? 0),
          -(refundShares.shippingTax[i] ?? 0),
          0,
        ]);
      });
    }
  }

  /** Lookup rows, one group per order and per refund, from the figures above. */
  const lookups = (returningOf: (orderId: number, customerId: number) => number): Lookup[] => {
    const out: Lookup[] = [];
    for (const o of orders) {
      const returning = returningOf(o.id, o.customerId);
      const d = local.get(o.id)!;
      const stats: StatsLookup = {
        order_id: o.id,
        parent_id: 0,
        status: o.status,
        customer_id: o.customerId,
        returning_customer: returning,
        date_created: d.created,
        date_created_gmt: o.dateCreatedGmt,
        date_paid: d.paid,
        date_completed: d.done,
        num_items_sold: sum(o.lines, (l) => l.quantity),
        total_sales: 0,
        tax_total: 0,
        shipping_total: o.shipping,
        net_total: 0,
        discount_total: sum(o.coupons, (c) => c.discount),
      };
      const lineTax = sum(o.lines, (l) => l.tax);
      stats.net_total = sum(o.lines, (l) => l.total);
      stats.tax_total = lineTax + o.shippingTax;
      stats.total_sales = stats.net_total + stats.tax_total + o.shipping;
      const order: Lookup = {
        stats,
        products: o.lines.map((l) => ({
          product_id: l.productId,
          variation_id: l.variationId,
          product_qty: l.quantity,
          product_net_revenue: l.total,
        })),
        coupons: o.coupons.map((c) => ({
          order_id: o.id,
          coupon_id: c.couponId,
          status: o.status,
          returning_customer: returning,
          date_created: d.created,
          date_paid: d.paid,
          date_completed: d.done,
          discount_amount: c.discount,
        })),
        taxes: o.taxes.map((t) => taxRow(stats, t.rateId, t.tax, t.shippingTax)),
      };
      out.push(order);
      const orderTax = sum(o.taxes, (t) => t.tax + t.shippingTax);
      for (const r of o.refunds) {
        const at = local.get(r.id)!.created;
        const refundTax = sum(r.lines, (l) => l.tax) + r.shippingTax;
        const refundNet = sum(r.lines, (l) => l.total) + (r.extra ?? 0);
        const rs: StatsLookup = {
          order_id: r.id,
          parent_id: o.id,
          status: o.status,
          customer_id: o.customerId,
          returning_customer: returning,
          date_created: at,
          date_created_gmt: r.dateCreatedGmt,
          date_paid: at,
          date_completed: at,
          num_items_sold: -sum(r.lines, (l) => l.quantity),
          total_sales: -(refundNet + refundTax + r.shipping),
          tax_total: -refundTax,
          shipping_total: -r.shipping,
          net_total: -refundNet,
          discount_total: 0,
        };
        out.push({
          stats: rs,
          products: r.lines.map((l) => {
            const line = o.lines.find((x) => x.id === l.orderItemId)!;
            return {
              product_id: line.productId,
              variation_id: line.variationId,
              product_qty: -l.quantity,
              product_net_revenue: -l.total,
            };
          }),
          coupons: [],
          // Refunds give back tax in proportion to each rate's share of the order's tax.
          taxes: o.taxes.map((t) => {
            const rateTax = t.tax + t.shippingTax;
            const share = orderTax === 0 ? 0 : Math.round((refundTax * rateTax) / orderTax);
            const shippingShare =
              orderTax === 0 ? 0 : Math.round((r.shippingTax * rateTax) / orderTax);
            return taxRow(rs, t.rateId, -(share - shippingShare), -shippingShare);
          }),
        });
      }
    }
    return out;
  };
  return { orders: orderRows, items, couponLines, taxLines, lookups };
}

function taxRow(s: StatsLookup, rateId: number, orderTax: number, shippingTax: number): TaxLookup {
  return {
    order_id: s.order_id,
    tax_rate_id: rateId,
    parent_id: s.parent_id,
    status: s.status,
    date_created: s.date_created,
    date_paid: s.date_paid,
    date_completed: s.date_completed,
    shipping_tax: shippingTax,
    order_tax: orderTax,
    total_tax: orderTax + shippingTax,
  };
}

/** Loads the lookup rows of orders and of their refunds, grouped per order and refund. */
async function loadLookups(sql: RawSql, orderIds: readonly number[]): Promise<Lookup[]> {
  const select = `SELECT ${STATS_COLUMNS.join(',')} FROM order_stats`;
  const stats = [
    ...(await sql.selectIn<StatsLookup>(select, 'order_id', orderIds)),
    ...(await sql.selectIn<StatsLookup>(select, 'parent_id', orderIds)),
  ];
  const ids = stats.map((s) => s.order_id);
  const products = group(
    await sql.selectIn<ProductRow & { order_id: number }>(
      'SELECT order_id, product_id, variation_id, product_qty, product_net_revenue FROM order_product_lookup',
      'order_id',
      ids,
    ),
  );
  const coupons = group(
    await sql.selectIn<CouponLookup>(
      `SELECT ${COUPON_COLUMNS.join(',')} FROM order_coupon_lookup`,
      'order_id',
      ids,
    ),
  );
  const taxes = group(
    await sql.selectIn<TaxLookup>(
      `SELECT ${TAX_COLUMNS.join(',')} FROM order_tax_lookup`,
      'order_id',
      ids,
    ),
  );
  return stats.map((s) => ({
    stats: s,
    products: products.get(s.order_id) ?? [],
    coupons: coupons.get(s.order_id) ?? [],
    taxes: taxes.get(s.order_id) ?? [],
  }));
}

/**
 * The coupon ids of each lookup group's order (a refund's are its order's), from groups that
 * hold every order alongside its refunds (as `loadLookups` and a batch's lookups do).
 */
function orderCoupons(lookups: readonly Lookup[]): (l: Lookup) => number[] {
  const byOrder = new Map<number, number[]>();
  for (const l of lookups) {
    if (Number(l.stats.parent_id) === 0)
      byOrder.set(
        Number(l.stats.order_id),
        l.coupons.map((c) => Number(c.coupon_id)),
      );
  }
  return (l) => {
    const parent = Number(l.stats.parent_id);
    return byOrder.get(parent === 0 ? Number(l.stats.order_id) : parent) ?? [];
  };
}

function group<T extends { order_id: number }>(rows: readonly T[]): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const r of rows) {
    const list = out.get(r.order_id);
    if (list) list.push(r);
    else out.set(r.order_id, [r]);
  }
  return out;
}

/** Categories of the products a batch touches, loaded once per product. */
class ProductCategories {
  private readonly byProduct = new Map<number, number[]>();
  constructor(private readonly sql: RawSql) {}

  async load(productIds: readonly number[]) {
    const missing = [...new Set(productIds)].filter((id) => !this.byProduct.has(id));
    for (const id of missing) this.byProduct.set(id, []);
    const rows = await this.sql.selectIn<{ product_id: number; category_id: number }>(
      'SELECT product_id, category_id FROM product_categories',
      'product_id',
      missing,
    );
    for (const r of rows) this.byProduct.get(Number(r.product_id))!.push(Number(r.category_id));
  }

  readonly of = (productId: number): readonly number[] => this.byProduct.get(productId) ?? [];
}

async function deleteOrders(
  sql: RawSql,
  lookupIds: readonly number[],
  orderIds: readonly number[],
) {
  const sourceIds = await sql.selectIn<{ id: number }>(
    'SELECT id FROM orders',
    'parent_id',
    orderIds,
  );
  const all = [...new Set([...orderIds, ...sourceIds.map((r) => r.id), ...lookupIds])];
  for (const [table, column] of [
    ['order_items', 'order_id'],
    ['order_coupon_lines', 'order_id'],
    ['order_tax_lines', 'order_id'],
    ['orders', 'id'],
    ['order_stats', 'order_id'],
    ['order_product_lookup', 'order_id'],
    ['order_coupon_lookup', 'order_id'],
    ['order_tax_lookup', 'order_id'],
  ] as const) {
    await sql.deleteIn(table, column, all);
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
 * stored first order, are recomputed from all their orders (source rows already written);
 * the rest compare the stored first order with the batch's.
 *
 * `candidates()` lists the earlier orders whose new/returning flag may have changed, and
 * `save()` writes the changed first orders.
 */
async function firstOrders(
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

/**
 * Writes the batch's lookup rows. Order stats and product lookups are wide copies of the
 * source rows: INSERT … SELECT copies them inside the database, several times cheaper than
 * binding every value from JavaScript. New vs returning joins the first orders just saved, by
 * the same rule as `returningOf`; coupon and tax rows (few, and with the refund tax shares
 * computed here) are bound from the rows built in JS.
 */
async function insertLookups(sql: RawSql, lookups: readonly Lookup[], ids: readonly number[]) {
  const coupons: unknown[][] = [];
  const taxes: unknown[][] = [];
  for (const l of lookups) {
    for (const r of l.coupons) coupons.push(values(COUPON_COLUMNS, r));
    for (const r of l.taxes) taxes.push(values(TAX_COLUMNS, r));
  }
  // The batch's ids travel as one parameter, so both statements are prepared once.
  const list = sql.idList(ids);
  await sql.run(
    `INSERT INTO order_stats (${STATS_COLUMNS.join(',')})
       SELECT o.id, o.parent_id, o.status, o.customer_id,
         CASE WHEN o.customer_id > 0 AND f.order_id IS NOT NULL
           AND f.order_id <> (CASE WHEN o.parent_id = 0 THEN o.id ELSE o.parent_id END)
         THEN 1 ELSE 0 END,
         o.date_created, o.date_created_gmt, o.date_paid, o.date_completed,
         COALESCE((SELECT SUM(i.quantity) FROM order_items i WHERE i.order_id = o.id), 0),
         o.total, o.tax_total, o.shipping_total, o.total - o.tax_total - o.shipping_total,
         o.discount_total
       FROM orders o LEFT JOIN customer_first_order f ON f.customer_id = o.customer_id
       WHERE ${sql.inIdList('o.id')}`,
    [list],
  );
  await sql.run(
    `INSERT INTO order_product_lookup (${PRODUCT_COLUMNS.join(',')})
       SELECT i.id, i.order_id, s.parent_id, i.product_id, i.variation_id, s.customer_id, s.status,
         s.returning_customer, s.date_created, s.date_paid, s.date_completed, i.quantity, i.total,
         i.total + i.tax + i.shipping + i.shipping_tax, i.coupon_amount, i.tax, i.shipping,
         i.shipping_tax
       FROM order_items i JOIN order_stats s ON s.order_id = i.order_id
       WHERE ${sql.inIdList('i.order_id')}`,
    [list],
  );
  await sql.insertMany('order_coupon_lookup', COUPON_COLUMNS, coupons);
  await sql.insertMany('order_tax_lookup', TAX_COLUMNS, taxes);
}

const REVENUE_VALUE_COLUMNS = [
  'orders_count',
  'num_items_sold',
  'total_sales',
  'net_total',
  'tax_total',
  'shipping_total',
  'refunds',
  'coupons',
] as const;

/**
 * Adds revenue deltas to a rollup table in the database: an upsert adding each value column,
 * the coupon multisets merged by `add_multisets` (migration 011), so nothing is read back.
 * Rows a removal touched are then deleted if left all zero.
 */
async function applyRevenue(sql: RawSql, table: 'revenue_hour' | 'revenue_day', deltas: Deltas) {
  const width = table === 'revenue_hour' ? 'hour' : 'day';
  const keyColumns = ['date_kind', 'bucket', 'status', 'returning_customer'];
  const rows: unknown[][] = [];
  for (const [key, delta] of deltas[width]) {
    const coupons = formatMultiset(delta.couponIds);
    if (coupons === '' && REVENUE_VALUE_COLUMNS.every((c) => delta[c] === 0)) continue;
    const { kind, bucket, status, returning } = deltas.keys.decodeRevenue(key, width);
    rows.push([
      kind,
      bucket,
      status,
      returning,
      ...REVENUE_VALUE_COLUMNS.map((c) => delta[c]),
      coupons,
    ]);
  }
  await sql.insertMany(table, [...keyColumns, ...REVENUE_VALUE_COLUMNS, 'coupon_ids'], rows, {
    keys: keyColumns,
    mode: 'add',
    merge: { coupon_ids: ADD_MULTISETS_SQL },
  });
  const deleteEmpty = `DELETE FROM ${table} WHERE ${keyColumns.map((c) => `${c} = ?`).join(' AND ')}
    AND ${REVENUE_VALUE_COLUMNS.map((c) => `${c} = 0`).join(' AND ')} AND coupon_ids = ''`;
  for (const key of deltas.shrunk[width]) {
    const { kind, bucket, status, returning } = deltas.keys.decodeRevenue(key, width);
    await sql.run(deleteEmpty, [kind, bucket, status, returning]);
  }
}

/** Adds month-rollup deltas (upserts); after a removal, drops rows left all zero. */
async function applyMonths(sql: RawSql, table: MonthTable, deltas: Deltas) {
  const { keys, values } = MONTH_ROLLUPS[table];
  const rows: unknown[][] = [];
  for (const [prefix, records] of deltas.months.get(table)!) {
    const { kind, month, status } = deltas.keys.decodeMonth(prefix);
    for (const [id, sums] of records) {
      const ids = table === 'variation_month' ? [id, deltas.productOfVariation.get(id)] : [id];
      rows.push([kind, month, status, ...ids, ...sums]);
    }
  }
  await applyPeriodRows(sql, table, 'month', keys, values, rows, deltas.removed);
}

/** Adds the category day deltas (migration 010), as `applyMonths` does for months. */
async function applyCategoryDays(sql: RawSql, deltas: Deltas) {
  const rows: unknown[][] = [];
  for (const [prefix, records] of deltas.categoryDays) {
    const { kind, day, status } = deltas.keys.decodeDay(prefix);
    for (const [id, sums] of records) rows.push([kind, day, status, id, ...sums]);
  }
  const { keys, values } = MONTH_ROLLUPS.category_month;
  await applyPeriodRows(sql, 'category_day', 'day', keys, values, rows, deltas.removed);
}

/** Rows of item_day keys compared at once when dropping rows a removal left all zero. */
const ITEM_KEYS_PER_DELETE = 200;

/**
 * Adds the item day deltas (migration 015) as `applyRevenue` does for days: an upsert adding
 * each value and merging the coupon multisets; then the rows a removal touched are deleted if
 * left all zero (by their keys, a few hundred per statement).
 */
async function applyItemDays(sql: RawSql, deltas: Deltas) {
  const rows: unknown[][] = [];
  const keyOf = (dayKey: number, item: number) => {
    const { kind, bucket, status, returning } = deltas.keys.decodeRevenue(dayKey, 'day');
    const { type, id } = decodeItemKey(item);
    return [type, id, kind, bucket, status, returning];
  };
  for (const [dayKey, byItem] of deltas.items) {
    for (const [item, delta] of byItem) {
      const coupons = formatMultiset(delta.couponIds);
      if (coupons === '' && REVENUE_VALUE_COLUMNS.every((c) => delta[c] === 0)) continue;
      rows.push([...keyOf(dayKey, item), ...REVENUE_VALUE_COLUMNS.map((c) => delta[c]), coupons]);
    }
  }
  await sql.insertMany(
    'item_day',
    [...ITEM_DAY_KEYS, ...REVENUE_VALUE_COLUMNS, 'coupon_ids'],
    rows,
    {
      keys: ITEM_DAY_KEYS,
      mode: 'add',
      merge: { coupon_ids: ADD_MULTISETS_SQL },
    },
  );
  const shrunk = new Map<string, unknown[]>();
  for (const [dayKey, item] of deltas.shrunkItems)
    shrunk.set(`${dayKey} ${item}`, keyOf(dayKey, item));
  const keys = [...shrunk.values()];
  const zero = `${REVENUE_VALUE_COLUMNS.map((c) => `${c} = 0`).join(' AND ')} AND coupon_ids = ''`;
  for (let start = 0; start < keys.length; start += ITEM_KEYS_PER_DELETE) {
    const chunk = keys.slice(start, start + ITEM_KEYS_PER_DELETE);
    await sql.run(
      `DELETE FROM item_day WHERE ${rowsIn(sql.engine, ITEM_DAY_KEYS, chunk.length)} AND ${zero}`,
      chunk.flat(),
    );
  }
}

/**
 * Upserts rollup rows `[date_kind, period, status, ...keys, ...values]` adding their values,
 * skipping all-zero deltas (they change nothing); after a removal (`removed`), deletes the rows
 * left all zero in the periods that changed.
 */
async function applyPeriodRows(
  sql: RawSql,
  table: string,
  period: 'month' | 'day',
  keys: readonly string[],
  values: readonly string[],
  rows: readonly unknown[][],
  removed: boolean,
) {
  const first = 3 + keys.length;
  const changed = rows.filter((r) => r.some((v, i) => i >= first && v !== 0));
  await sql.insertMany(table, ['date_kind', period, 'status', ...keys, ...values], changed, {
    keys: ['date_kind', period, 'status', ...keys],
    mode: 'add',
  });
  if (!removed) return;
  const touched = new Map(changed.map((r) => [`${r[0]} ${r[1]}`, [r[0], r[1]]]));
  for (const [kind, at] of touched.values()) {
    await sql.run(
      `DELETE FROM ${table} WHERE date_kind = ? AND ${period} = ? AND ${values.map((v) => `${v} = 0`).join(' AND ')}`,
      [kind, at],
    );
  }
}

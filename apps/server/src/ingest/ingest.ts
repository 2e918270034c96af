import type { Db } from '../db/database';
import { RawSql } from '../db/sql';
import { allocateUnits } from '../money';
import { readStoreSettings } from '../options';
import { zone } from '../timezone';
import {
  type CouponRow,
  Deltas,
  emptyRevenue,
  formatMultiset,
  type ProductRow,
  parseMultiset,
  type RevenueAcc,
  type StatsRow,
} from './contributions';
import type { OrderInput } from './types';

/** Listeners told after each committed batch (the report cache bumps its version). */
const ingestListeners = new Set<() => void>();

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
type ProductLookup = ProductRow & Row<typeof PRODUCT_COLUMNS>;
type CouponLookup = CouponRow & Row<typeof COUPON_COLUMNS>;
type TaxLookup = Row<typeof TAX_COLUMNS>;

const values = <C extends readonly string[]>(columns: C, row: Row<C>) =>
  columns.map((c) => row[c as C[number]]);

/**
 * The one ingestion path: writes orders and their refunds (source rows, lookup rows and
 * rollups) in one transaction. Idempotent by order id: an order seen before is replaced and
 * its old contribution to every rollup subtracted first.
 */
export async function ingestOrders(db: Db, orders: readonly OrderInput[]): Promise<void> {
  if (orders.length === 0) return;
  const settings = await readStoreSettings(db);
  const toLocal = zone(settings.timezone).toLocal;
  const excluded = new Set<string>(settings.excludedStatuses);

  await db.kysely.transaction().execute(async (trx) => {
    const sql = new RawSql(trx, db.engine, db.sqlite);
    const deltas = new Deltas();
    const orderIds = orders.map((o) => o.id);

    // 1. Subtract and delete what re-ingested orders (and their old refunds) contributed.
    const seen = (await sql.selectIn<{ id: number }>('SELECT id FROM orders', 'id', orderIds)).map(
      (r) => r.id,
    );
    if (seen.length > 0) {
      const old = await loadLookups(sql, seen, true);
      subtract(deltas, old);
      await deleteOrders(
        sql,
        old.stats.map((s) => s.order_id),
        seen,
      );
    }

    // 2. Source rows.
    const orderRows: unknown[][] = [];
    const itemRows: unknown[][] = [];
    const couponLineRows: unknown[][] = [];
    const taxLineRows: unknown[][] = [];
    for (const o of orders) {
      const lineTax = sum(o.lines, (l) => l.tax);
      const lineTotal = sum(o.lines, (l) => l.total);
      const discount = sum(o.coupons, (c) => c.discount);
      const shippingShares = allocateUnits(
        o.shipping,
        o.lines.map((l) => l.quantity),
      );
      const shippingTaxShares = allocateUnits(
        o.shippingTax,
        o.lines.map((l) => l.quantity),
      );
      orderRows.push([
        o.id,
        0,
        'order',
        o.status,
        o.currency,
        o.customerId,
        toLocal(o.dateCreatedGmt),
        o.dateCreatedGmt,
        o.datePaidGmt && toLocal(o.datePaidGmt),
        o.datePaidGmt,
        o.dateCompletedGmt && toLocal(o.dateCompletedGmt),
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
        itemRows.push([
          l.id,
          o.id,
          l.productId,
          l.variationId,
          l.name,
          l.quantity,
          l.subtotal,
          l.total,
          l.tax,
          shippingShares[i],
          shippingTaxShares[i],
          l.subtotal - l.total,
        ]);
      });
      for (const c of o.coupons) couponLineRows.push([o.id, c.couponId, c.code, c.discount]);
      for (const t of o.taxes) taxLineRows.push([o.id, t.rateId, t.tax, t.shippingTax]);
      for (const r of o.refunds) {
        const tax = sum(r.lines, (l) => l.tax) + r.shippingTax;
        const total = sum(r.lines, (l) => l.total) + tax + r.shipping;
        const refundShipping = allocateUnits(
          r.shipping,
          r.lines.map((l) => l.quantity),
        );
        const refundShippingTax = allocateUnits(
          r.shippingTax,
          r.lines.map((l) => l.quantity),
        );
        const local = toLocal(r.dateCreatedGmt);
        orderRows.push([
          r.id,
          o.id,
          'refund',
          o.status,
          o.currency,
          o.customerId,
          local,
          r.dateCreatedGmt,
          local,
          r.dateCreatedGmt,
          local,
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
          itemRows.push([
            l.id,
            r.id,
            line.productId,
            line.variationId,
            line.name,
            -l.quantity,
            -l.total,
            -l.total,
            -l.tax,
            -(refundShipping[i] ?? 0),
            -(refundShippingTax[i] ?? 0),
            0,
          ]);
        });
      }
    }
    await sql.insertMany('orders', ORDER_COLUMNS, orderRows);
    await sql.insertMany('order_items', ITEM_COLUMNS, itemRows);
    await sql.insertMany(
      'order_coupon_lines',
      ['order_id', 'coupon_id', 'code', 'discount'],
      couponLineRows,
    );
    await sql.insertMany(
      'order_tax_lines',
      ['order_id', 'tax_rate_id', 'tax_total', 'shipping_tax_total'],
      taxLineRows,
    );

    // 3. New vs returning, from every order these customers have (not only this batch).
    const customerIds = [...new Set(orders.map((o) => o.customerId).filter((id) => id > 0))];
    const firstOrder = await firstOrders(sql, customerIds, excluded);
    const returningOf = (orderId: number, customerId: number) => {
      const first = firstOrder.get(customerId);
      return customerId > 0 && first !== undefined && first !== orderId ? 1 : 0;
    };

    // 4. Lookup rows for the batch, built from the source rows just written.
    const fresh = buildLookups(
      orderRows,
      itemRows,
      couponLineRows,
      taxLineRows,
      orders,
      returningOf,
    );
    await insertLookups(sql, fresh);
    addAll(deltas, fresh);

    // 5. Other orders of these customers whose first order changed flip new ⇄ returning.
    const batch = new Set(orderIds);
    const existing = await sql.selectIn<{
      order_id: number;
      customer_id: number;
      returning_customer: number;
    }>(
      'SELECT order_id, customer_id, returning_customer FROM order_stats',
      'customer_id',
      customerIds,
      'AND parent_id = 0',
    );
    const flipped = existing
      .filter(
        (r) =>
          !batch.has(r.order_id) && returningOf(r.order_id, r.customer_id) !== r.returning_customer,
      )
      .map((r) => r.order_id);
    if (flipped.length > 0) {
      const before = await loadLookups(sql, flipped, true);
      subtract(deltas, before);
      for (const table of ['order_stats', 'order_product_lookup', 'order_coupon_lookup']) {
        for (const id of flipped) {
          const flag = returningOf(id, before.stats.find((s) => s.order_id === id)!.customer_id);
          await sql.run(
            `UPDATE ${table} SET returning_customer = ? WHERE order_id = ? OR order_id IN (SELECT order_id FROM order_stats WHERE parent_id = ?)`,
            [flag, id, id],
          );
        }
      }
      addAll(deltas, await loadLookups(sql, flipped, true));
    }

    // 6. Rollups.
    await applyRevenue(sql, 'revenue_hour', deltas.hour);
    await applyRevenue(sql, 'revenue_day', deltas.day);
    await applyProducts(sql, deltas);
  });
  for (const listener of ingestListeners) listener();
}

const sum = <T>(items: readonly T[], f: (item: T) => number) => items.reduce((a, x) => a + f(x), 0);

interface Lookups {
  stats: StatsLookup[];
  products: ProductLookup[];
  coupons: CouponLookup[];
  taxes: TaxLookup[];
}

/** Loads lookup rows of orders (and, with `withRefunds`, of their refunds). */
async function loadLookups(
  sql: RawSql,
  orderIds: readonly number[],
  withRefunds: boolean,
): Promise<Lookups> {
  const parents = await sql.selectIn<StatsLookup>(
    `SELECT ${STATS_COLUMNS.join(',')} FROM order_stats`,
    'order_id',
    orderIds,
  );
  const refunds = withRefunds
    ? await sql.selectIn<StatsLookup>(
        `SELECT ${STATS_COLUMNS.join(',')} FROM order_stats`,
        'parent_id',
        orderIds,
      )
    : [];
  const stats = [...parents, ...refunds];
  const ids = stats.map((s) => s.order_id);
  return {
    stats,
    products: await sql.selectIn<ProductLookup>(
      `SELECT ${PRODUCT_COLUMNS.join(',')} FROM order_product_lookup`,
      'order_id',
      ids,
    ),
    coupons: await sql.selectIn<CouponLookup>(
      `SELECT ${COUPON_COLUMNS.join(',')} FROM order_coupon_lookup`,
      'order_id',
      ids,
    ),
    taxes: [],
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

function contribute(deltas: Deltas, sign: 1 | -1, l: Lookups) {
  const products = group(l.products);
  const coupons = group(l.coupons);
  for (const s of l.stats)
    deltas.add(sign, s, products.get(s.order_id) ?? [], coupons.get(s.order_id) ?? []);
}
const subtract = (d: Deltas, l: Lookups) => contribute(d, -1, l);
const addAll = (d: Deltas, l: Lookups) => contribute(d, 1, l);

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

/** The first non-excluded order of each customer, by creation date then id. */
async function firstOrders(sql: RawSql, customerIds: readonly number[], excluded: Set<string>) {
  const rows = await sql.selectIn<{
    id: number;
    customer_id: number;
    date_created_gmt: string;
    status: string;
  }>(
    'SELECT id, customer_id, date_created_gmt, status FROM orders',
    'customer_id',
    customerIds,
    "AND type = 'order'",
  );
  const best = new Map<number, { id: number; date: string }>();
  for (const r of rows) {
    if (excluded.has(r.status)) continue;
    const current = best.get(r.customer_id);
    if (
      !current ||
      r.date_created_gmt < current.date ||
      (r.date_created_gmt === current.date && r.id < current.id)
    ) {
      best.set(r.customer_id, { id: r.id, date: r.date_created_gmt });
    }
  }
  return new Map([...best].map(([customer, { id }]) => [customer, id]));
}

function buildLookups(
  orderRows: unknown[][],
  itemRows: unknown[][],
  couponLines: unknown[][],
  taxLines: unknown[][],
  orders: readonly OrderInput[],
  returningOf: (orderId: number, customerId: number) => number,
): Lookups {
  const out: Lookups = { stats: [], products: [], coupons: [], taxes: [] };
  const byId = new Map<number, StatsLookup>();
  const items = new Map<number, unknown[][]>();
  for (const item of itemRows) {
    const list = items.get(item[1] as number);
    if (list) list.push(item);
    else items.set(item[1] as number, [item]);
  }
  const inputs = new Map(orders.map((o) => [o.id, o]));
  for (const r of orderRows) {
    const [
      id,
      parentId,
      ,
      status,
      ,
      customerId,
      dateCreated,
      dateCreatedGmt,
      datePaid,
      ,
      dateCompleted,
      ,
      total,
      tax,
      shipping,
      ,
      discount,
    ] = r as [
      number,
      number,
      string,
      string,
      string,
      number,
      string,
      string,
      string | null,
      unknown,
      string | null,
      unknown,
      number,
      number,
      number,
      number,
      number,
    ];
    const orderId = parentId === 0 ? id : parentId;
    const returning = returningOf(orderId, customerId);
    const lines = items.get(id) ?? [];
    const stats: StatsLookup = {
      order_id: id,
      parent_id: parentId,
      status,
      customer_id: customerId,
      returning_customer: returning,
      date_created: dateCreated,
      date_created_gmt: dateCreatedGmt,
      date_paid: datePaid,
      date_completed: dateCompleted,
      num_items_sold: sum(lines, (l) => l[5] as number),
      total_sales: total,
      tax_total: tax,
      shipping_total: shipping,
      net_total: total - tax - shipping,
      discount_total: discount,
    };
    out.stats.push(stats);
    byId.set(id, stats);
    for (const l of lines) {
      const [
        itemId,
        ,
        productId,
        variationId,
        ,
        qty,
        ,
        lineTotal,
        lineTax,
        lineShipping,
        lineShippingTax,
        coupon,
      ] = l as number[];
      out.products.push({
        order_item_id: itemId,
        order_id: id,
        parent_id: parentId,
        product_id: productId!,
        variation_id: variationId!,
        customer_id: customerId,
        status,
        returning_customer: returning,
        date_created: dateCreated,
        date_paid: datePaid,
        date_completed: dateCompleted,
        product_qty: qty!,
        product_net_revenue: lineTotal!,
        product_gross_revenue: lineTotal! + lineTax! + lineShipping! + lineShippingTax!,
        coupon_amount: coupon!,
        tax_amount: lineTax!,
        shipping_amount: lineShipping!,
        shipping_tax_amount: lineShippingTax!,
      } as ProductLookup);
    }
  }
  for (const [orderId, couponId, , discount] of couponLines as [number, number, string, number][]) {
    const s = byId.get(orderId)!;
    out.coupons.push({
      order_id: orderId,
      coupon_id: couponId,
      status: s.status,
      returning_customer: s.returning_customer,
      date_created: s.date_created,
      date_paid: s.date_paid,
      date_completed: s.date_completed,
      discount_amount: discount,
    } as CouponLookup);
  }
  for (const [orderId, rateId, tax, shippingTax] of taxLines as [
    number,
    number,
    number,
    number,
  ][]) {
    const s = byId.get(orderId)!;
    out.taxes.push(taxRow(s, rateId, tax, shippingTax));
    // Refunds give back tax in proportion to each rate's share of the order's tax.
    const order = inputs.get(orderId)!;
    const orderTax = sum(order.taxes, (t) => t.tax + t.shippingTax);
    for (const refund of order.refunds) {
      const rs = byId.get(refund.id)!;
      const refundedTax = -rs.tax_total;
      const share = orderTax === 0 ? 0 : Math.round((refundedTax * (tax + shippingTax)) / orderTax);
      const shippingShare =
        orderTax === 0 ? 0 : Math.round((refund.shippingTax * (tax + shippingTax)) / orderTax);
      out.taxes.push(taxRow(rs, rateId, -(share - shippingShare), -shippingShare));
    }
  }
  return out;
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

async function insertLookups(sql: RawSql, l: Lookups) {
  await sql.insertMany(
    'order_stats',
    STATS_COLUMNS,
    l.stats.map((r) => values(STATS_COLUMNS, r as unknown as Row<typeof STATS_COLUMNS>)),
  );
  await sql.insertMany(
    'order_product_lookup',
    PRODUCT_COLUMNS,
    l.products.map((r) => values(PRODUCT_COLUMNS, r)),
  );
  await sql.insertMany(
    'order_coupon_lookup',
    COUPON_COLUMNS,
    l.coupons.map((r) => values(COUPON_COLUMNS, r)),
  );
  await sql.insertMany(
    'order_tax_lookup',
    TAX_COLUMNS,
    l.taxes.map((r) => values(TAX_COLUMNS, r)),
  );
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

/** Merges revenue deltas into a rollup table: read touched rows, add, write back, drop empties. */
async function applyRevenue(
  sql: RawSql,
  table: 'revenue_hour' | 'revenue_day',
  deltas: Map<string, RevenueAcc>,
) {
  if (deltas.size === 0) return;
  const byKind = new Map<string, Set<string>>();
  for (const key of deltas.keys()) {
    const [kind, bucket] = key.split('|') as [string, string];
    const buckets = byKind.get(kind) ?? new Set<string>();
    byKind.set(kind, buckets);
    buckets.add(bucket);
  }
  const current = new Map<string, RevenueAcc>();
  for (const [kind, buckets] of byKind) {
    const list = [...buckets];
    for (let start = 0; start < list.length; start += 5000) {
      const chunk = list.slice(start, start + 5000);
      const rows = await sql.query<Record<string, number | string>>(
        `SELECT * FROM ${table} WHERE date_kind = ? AND bucket IN (${chunk.map(() => '?').join(',')})`,
        [kind, ...chunk],
      );
      for (const r of rows) {
        const acc = emptyRevenue();
        for (const c of REVENUE_VALUE_COLUMNS) acc[c] = Number(r[c]);
        acc.couponIds = parseMultiset(String(r.coupon_ids));
        current.set(`${r.date_kind}|${r.bucket}|${r.status}|${r.returning_customer}`, acc);
      }
    }
  }
  const upserts: unknown[][] = [];
  const empties: string[][] = [];
  for (const [key, delta] of deltas) {
    const acc = current.get(key) ?? emptyRevenue();
    for (const c of REVENUE_VALUE_COLUMNS) acc[c] += delta[c];
    for (const [id, n] of delta.couponIds) acc.couponIds.set(id, (acc.couponIds.get(id) ?? 0) + n);
    const coupons = formatMultiset(acc.couponIds);
    const parts = key.split('|');
    if (REVENUE_VALUE_COLUMNS.every((c) => acc[c] === 0) && coupons === '') {
      empties.push(parts);
    } else {
      upserts.push([
        ...parts.slice(0, 3),
        Number(parts[3]),
        ...REVENUE_VALUE_COLUMNS.map((c) => acc[c]),
        coupons,
      ]);
    }
  }
  await sql.insertMany(
    table,
    ['date_kind', 'bucket', 'status', 'returning_customer', ...REVENUE_VALUE_COLUMNS, 'coupon_ids'],
    upserts,
    { keys: ['date_kind', 'bucket', 'status', 'returning_customer'], mode: 'replace' },
  );
  for (const [kind, bucket, status, returning] of empties) {
    await sql.run(
      `DELETE FROM ${table} WHERE date_kind = ? AND bucket = ? AND status = ? AND returning_customer = ?`,
      [kind, bucket, status, Number(returning)],
    );
  }
}

async function applyProducts(sql: RawSql, deltas: Deltas) {
  const rows: unknown[][] = [];
  const touchedDays = new Map<string, Set<string>>();
  for (const [key, d] of deltas.product) {
    if (d.items_sold === 0 && d.net_revenue === 0 && d.orders_count === 0) continue;
    const [kind, day, status, returning, product, variation] = key.split('|') as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    rows.push([
      kind,
      day,
      status,
      Number(returning),
      Number(product),
      Number(variation),
      d.items_sold,
      d.net_revenue,
      d.orders_count,
    ]);
    const days = touchedDays.get(kind) ?? new Set<string>();
    touchedDays.set(kind, days);
    days.add(day);
  }
  await sql.insertMany(
    'product_day',
    [
      'date_kind',
      'day',
      'status',
      'returning_customer',
      'product_id',
      'variation_id',
      'items_sold',
      'net_revenue',
      'orders_count',
    ],
    rows,
    {
      keys: ['date_kind', 'day', 'status', 'returning_customer', 'product_id', 'variation_id'],
      mode: 'add',
    },
  );
  // Removing an old contribution can leave all-zero rows; drop them on the days touched.
  if (!deltas.removed) return;
  for (const [kind, days] of touchedDays) {
    const list = [...days];
    await sql.run(
      `DELETE FROM product_day WHERE date_kind = ? AND day IN (${list.map(() => '?').join(',')})
       AND items_sold = 0 AND net_revenue = 0 AND orders_count = 0`,
      [kind, ...list],
    );
  }
}

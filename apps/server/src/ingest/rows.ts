import { costAtOf, enteredCostsWin, readCostHistories } from '../costs/unit-costs';
import {
  LINE_MEASURES,
  type LineMeasureColumn,
  lineValues,
  MEASURES,
  ORDER_MEASURES,
  orderValues,
} from '../db/measures';
import type { RawSql } from '../db/sql';
import { allocateUnits } from '../money';
import type { CouponRow, ProductRow, StatsRow, TaxRow } from './contributions';
import { ATTRIBUTION_COLUMNS, attributionRow, type CostAt, lineCosts } from './order-facts';
import type { FeeTaxInput, OrderInput } from './types';

// The rows one ingestion batch writes and reads back: source rows built from the inputs,
// lookup rows (the wide ones copied in SQL), and the lookups of orders seen before.

export const STATS_COLUMNS = [
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
  ...ORDER_MEASURES,
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
  ...LINE_MEASURES,
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
export const ORDER_COLUMNS = [
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
  'payment_method',
  'payment_method_title',
  'created_via',
  'payment_fee',
  'payment_fee_refunded',
  'payment_fee_currency',
] as const;
export const ITEM_COLUMNS = [
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
  'cost',
  'cost_source',
] as const;
/**
 * Fee lines of orders and refunds (`order_fee_lines`, migration 029): a refund's are negative
 * and name the order's fee they give back; `taxes` is JSON text, tax per rate id
 * (`{"1":3800}`).
 */
export const FEE_COLUMNS = [
  'id',
  'order_id',
  'name',
  'total',
  'tax',
  'taxes',
  'refunded_item_id',
] as const;

/** A fee line's taxes per rate as stored: JSON text keyed by rate id. */
export function feeTaxesText(taxes: readonly FeeTaxInput[], sign: 1 | -1 = 1): string {
  const byRate: Record<number, number> = {};
  for (const t of taxes) byRate[t.rateId] = (byRate[t.rateId] ?? 0) + sign * t.tax + 0;
  return JSON.stringify(byRate);
}

/** The stored taxes text of a fee line, back as rates and amounts. */
export function feeTaxesOf(text: string | null | undefined, sign: 1 | -1 = 1): FeeTaxInput[] {
  if (!text) return [];
  return Object.entries(JSON.parse(text) as Record<string, number>).map(([rate, tax]) => ({
    rateId: Number(rate),
    tax: sign * Number(tax) + 0,
  }));
}

/**
 * The unit costs in force for the products and variations of the batch's lines that carry no
 * cost of their own, as a `CostAt`: the shop's (`product_costs`, migration 034) and the ones
 * entered in Storelens (`entered_costs`), the shop's winning unless the owner chose otherwise
 * (costs/unit-costs.ts).
 */
export async function readProductCosts(
  sql: RawSql,
  orders: readonly OrderInput[],
): Promise<CostAt> {
  const ids = new Set<number>();
  for (const o of orders)
    for (const l of o.lines) {
      if (l.cost !== undefined) continue;
      ids.add(l.productId);
      if (l.variationId > 0) ids.add(l.variationId);
    }
  if (ids.size === 0) return () => undefined;
  const histories = await readCostHistories(sql, [...ids]);
  if (histories.shop.size === 0 && histories.entered.size === 0) return () => undefined;
  return costAtOf(histories, histories.entered.size > 0 && (await enteredCostsWin(sql)));
}

type Row<C extends readonly string[]> = Record<C[number], unknown>;
export type StatsLookup = StatsRow & {
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
export interface Lookup {
  stats: StatsLookup;
  products: ProductRow[];
  coupons: CouponLookup[];
  taxes: TaxLookup[];
}

const sum = <T>(items: readonly T[], f: (item: T) => number) => items.reduce((a, x) => a + f(x), 0);

/**
 * Source rows of a batch (orders with their refunds, lines, coupon and tax lines) and, once
 * new/returning is known, the lookup rows derived from the same figures.
 */
export function sourceRows(
  orders: readonly OrderInput[],
  toLocal: (gmt: string) => string,
  costAt: CostAt = () => undefined,
) {
  const orderRows: unknown[][] = [];
  const attribution: unknown[][] = [];
  const items: unknown[][] = [];
  const couponLines: unknown[][] = [];
  const taxLines: unknown[][] = [];
  const feeLines: unknown[][] = [];
  /** Per order: its local dates, computed once for source and lookup rows. */
  const local = new Map<number, { created: string; paid: string | null; done: string | null }>();
  /** Per order: its lines' and refund lines' costs. */
  const costsOf = new Map<number, ReturnType<typeof lineCosts>>();
  for (const o of orders) {
    const fees = o.fees ?? [];
    // WooCommerce's order tax and total hold the fee lines (abstract-wc-order.php:
    // update_taxes() sums line and fee taxes per rate, calculate_totals() adds the fees).
    const lineTax = sum(o.lines, (l) => l.tax) + sum(fees, (f) => f.tax);
    const lineTotal = sum(o.lines, (l) => l.total) + sum(fees, (f) => f.total);
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
    const costs = lineCosts(o, costAt);
    costsOf.set(o.id, costs);
    const bought = [o.paymentMethod ?? '', o.paymentMethodTitle ?? '', o.createdVia ?? ''];
    const row = attributionRow(o.id, o.attribution);
    attribution.push(ATTRIBUTION_COLUMNS.map((c) => row[c]));
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
      ...bought,
      o.paymentFee?.fee ?? 0,
      o.paymentFee?.refunded ?? 0,
      o.paymentFee ? o.paymentFee.currency || o.currency : '',
    ]);
    o.lines.forEach((l, i) => {
      const cost = costs.lines.get(l.id)!;
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
        cost.cost,
        cost.source,
      ]);
    });
    for (const c of o.coupons) couponLines.push([o.id, c.couponId, c.code, c.discount]);
    for (const t of o.taxes) taxLines.push([o.id, t.rateId, t.tax, t.shippingTax]);
    for (const f of fees)
      feeLines.push([f.id, o.id, f.name, f.total, f.tax, feeTaxesText(f.taxes), 0]);
    for (const r of o.refunds) {
      const refundFees = r.fees ?? [];
      // A refund's tax holds the tax of the fees it gives back (wc_create_refund() copies
      // them as negative items, then update_taxes()).
      const tax = sum(r.lines, (l) => l.tax) + sum(refundFees, (f) => f.tax) + r.shippingTax;
      const total =
        sum(r.lines, (l) => l.total) +
        sum(refundFees, (f) => f.total) +
        tax +
        r.shipping +
        (r.extra ?? 0);
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
        ...bought,
        0,
        0,
        '',
      ]);
      r.lines.forEach((l, i) => {
        const cost = costs.refundLines.get(l.id)!;
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
          cost.cost,
          cost.source,
        ]);
      });
      for (const f of refundFees)
        feeLines.push([
          f.id,
          r.id,
          f.name,
          0 - f.total,
          0 - f.tax,
          feeTaxesText(f.taxes, -1),
          f.orderFeeId,
        ]);
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
      } as StatsLookup;
      const fees = o.fees ?? [];
      const lineTax = sum(o.lines, (l) => l.tax) + sum(fees, (f) => f.tax);
      stats.net_total = sum(o.lines, (l) => l.total) + sum(fees, (f) => f.total);
      stats.tax_total = lineTax + o.shippingTax;
      stats.total_sales = stats.net_total + stats.tax_total + o.shipping;
      const costs = costsOf.get(o.id)!;
      const costed = o.lines.map((l) => ({
        cost: costs.lines.get(l.id)!.cost,
        quantity: l.quantity,
        total: l.total,
      }));
      setMeasures(
        stats,
        orderValues(
          { isOrder: true, fee: o.paymentFee?.fee ?? 0, refunded: o.paymentFee?.refunded ?? 0 },
          costed,
        ),
      );
      const order: Lookup = {
        stats,
        products: o.lines.map((l, i) =>
          withLineMeasures(
            {
              product_id: l.productId,
              variation_id: l.variationId,
              product_qty: l.quantity,
              product_net_revenue: l.total,
            },
            costed[i]!,
          ),
        ),
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
      for (const r of o.refunds) {
        const at = local.get(r.id)!.created;
        const refundFees = r.fees ?? [];
        const feeTax = sum(refundFees, (f) => f.tax);
        const refundTax = sum(r.lines, (l) => l.tax) + feeTax + r.shippingTax;
        const refundNet =
          sum(r.lines, (l) => l.total) + sum(refundFees, (f) => f.total) + (r.extra ?? 0);
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
        } as StatsLookup;
        const refundCosted = r.lines.map((l) => ({
          cost: costs.refundLines.get(l.id)!.cost,
          quantity: -l.quantity,
          total: -l.total,
        }));
        setMeasures(rs, orderValues({ isOrder: false, fee: 0, refunded: 0 }, refundCosted));
        out.push({
          stats: rs,
          products: r.lines.map((l, i) => {
            const line = o.lines.find((x) => x.id === l.orderItemId)!;
            return withLineMeasures(
              {
                product_id: line.productId,
                variation_id: line.variationId,
                product_qty: -l.quantity,
                product_net_revenue: -l.total,
              },
              refundCosted[i]!,
            );
          }),
          coupons: [],
          taxes: refundTaxRows(rs, o.taxes, refundTax, r.shippingTax, refundFees),
        });
      }
    }
    return out;
  };
  return { orders: orderRows, items, couponLines, taxLines, feeLines, attribution, lookups };
}

/**
 * A refund's tax rows. The tax of the fees it gives back goes to their own rates when the shop
 * says which (WooCommerce writes a refund's tax lines from its items' taxes per rate); the
 * rest of its tax (lines and fees without rates, shipping) is shared between the order's
 * rates in proportion to each rate's part of the order's item and shipping tax, so that the
 * rows add up to the refund's tax: exact for an order of one rate.
 */
function refundTaxRows(
  rs: StatsLookup,
  orderTaxes: OrderInput['taxes'],
  refundTax: number,
  shippingTax: number,
  fees: readonly { tax: number; taxes: readonly FeeTaxInput[] }[],
): TaxLookup[] {
  let exact = 0;
  const feeByRate = new Map<number, number>();
  for (const f of fees) {
    if (f.taxes.length === 0) continue;
    exact += f.tax;
    for (const t of f.taxes) feeByRate.set(t.rateId, (feeByRate.get(t.rateId) ?? 0) + t.tax);
  }
  const weights = (part: (t: OrderInput['taxes'][number]) => number) => {
    const w = orderTaxes.map((t) => Math.max(0, part(t)));
    // No tax of that kind on the order (a negative fee may cancel it): by its whole tax.
    return w.some((x) => x > 0) ? w : orderTaxes.map((t) => Math.max(0, t.tax + t.shippingTax));
  };
  const items = allocateUnits(
    refundTax - exact - shippingTax,
    weights((t) => t.tax),
  );
  const shipping = allocateUnits(
    shippingTax,
    weights((t) => t.shippingTax),
  );
  const rows = orderTaxes.map((t, i) => {
    const fee = feeByRate.get(t.rateId) ?? 0;
    feeByRate.delete(t.rateId);
    return taxRow(rs, t.rateId, 0 - (items[i]! + fee), 0 - shipping[i]!);
  });
  for (const [rateId, fee] of feeByRate) rows.push(taxRow(rs, rateId, 0 - fee, 0));
  return rows;
}

/** Sets a lookup row's measures (values in `ORDER_MEASURES`' order). */
function setMeasures(stats: StatsLookup, values: readonly number[]) {
  for (let i = 0; i < ORDER_MEASURES.length; i++) stats[ORDER_MEASURES[i]!] = values[i]!;
}

/** A product lookup row of a line: its fields, and its line measures set on it. */
function withLineMeasures(
  row: Omit<ProductRow, LineMeasureColumn>,
  l: Parameters<typeof lineValues>[0],
): ProductRow {
  const values = lineValues(l);
  const out = row as ProductRow;
  for (let i = 0; i < LINE_MEASURES.length; i++) out[LINE_MEASURES[i]!] = values[i]!;
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

/** Loads the lookup rows of orders and of their refunds, grouped per order and refund. */
export async function loadLookups(sql: RawSql, orderIds: readonly number[]): Promise<Lookup[]> {
  const select = `SELECT ${STATS_COLUMNS.join(',')} FROM order_stats`;
  const stats = [
    ...(await sql.selectIn<StatsLookup>(select, 'order_id', orderIds)),
    ...(await sql.selectIn<StatsLookup>(select, 'parent_id', orderIds)),
  ];
  const ids = stats.map((s) => s.order_id);
  const products = group(
    await sql.selectIn<ProductRow & { order_id: number }>(
      `SELECT order_id, product_id, variation_id, product_qty, product_net_revenue,
        ${LINE_MEASURES.join(', ')} FROM order_product_lookup`,
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
export function orderCoupons(lookups: readonly Lookup[]): (l: Lookup) => number[] {
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
export class ProductCategories {
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

export async function deleteOrders(
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
    ['order_fee_lines', 'order_id'],
    ['order_attribution', 'order_id'],
    ['orders', 'id'],
    ['order_stats', 'order_id'],
    ['order_product_lookup', 'order_id'],
    ['order_coupon_lookup', 'order_id'],
    ['order_tax_lookup', 'order_id'],
  ] as const) {
    await sql.deleteIn(table, column, all);
  }
}

/** Each line measure of a product lookup row, in SQL over `order_items i`. */
const LINE_MEASURE_SQL = MEASURES.filter((m) => m.line)
  .map((m) => (m as { itemSql: string }).itemSql)
  .join(', ');

/** Each measure of an order stats row, in SQL over `orders o` (its lines' sums). */
const MEASURE_SQL = MEASURES.map((m) =>
  m.line
    ? `COALESCE((SELECT SUM(${(m as { itemSql: string }).itemSql}) FROM order_items i WHERE i.order_id = o.id), 0)`
    : (m as { orderSql: string }).orderSql,
).join(', ');

/**
 * Writes the batch's lookup rows. Order stats and product lookups are wide copies of the
 * source rows: INSERT … SELECT copies them inside the database, several times cheaper than
 * binding every value from JavaScript. New vs returning joins the first orders just saved, by
 * the same rule as `returningOf`; coupon and tax rows (few, and with the refund tax shares
 * computed here) are bound from the rows built in JS.
 *
 * On PostgreSQL, a batch large enough for COPY (`RawSql.copies`) has its order stats and
 * product lookups copied from the rows built in JS too (`lookups`, and `items`, the batch's
 * `sourceRows().items`): COPY writes them for less than the join reading back the rows just
 * written costs, and the values are the ones the SQL computes (the bulk-copy test compares
 * the two paths' rows).
 */
export async function insertLookups(
  sql: RawSql,
  lookups: readonly Lookup[],
  ids: readonly number[],
  items: readonly (readonly unknown[])[],
) {
  const coupons: unknown[][] = [];
  const taxes: unknown[][] = [];
  for (const l of lookups) {
    for (const r of l.coupons) coupons.push(values(COUPON_COLUMNS, r));
    for (const r of l.taxes) taxes.push(values(TAX_COLUMNS, r));
  }
  if (sql.engine === 'postgres' && sql.copies(items.length)) {
    const statsOf = new Map<number, StatsLookup>();
    const stats: unknown[][] = [];
    for (const l of lookups) {
      statsOf.set(Number(l.stats.order_id), l.stats);
      stats.push(values(STATS_COLUMNS, l.stats));
    }
    const products: unknown[][] = [];
    for (const i of items) {
      // ITEM_COLUMNS: id, order_id, product_id, variation_id, name, quantity, subtotal, total,
      // tax, shipping, shipping_tax, coupon_amount, cost.
      const total = i[7] as number;
      const tax = i[8] as number;
      const shipping = i[9] as number;
      const shippingTax = i[10] as number;
      const s = statsOf.get(i[1] as number)!;
      products.push([
        i[0],
        i[1],
        s.parent_id,
        i[2],
        i[3],
        s.customer_id,
        s.status,
        s.returning_customer,
        s.date_created,
        s.date_paid,
        s.date_completed,
        i[5],
        total,
        total + tax + shipping + shippingTax,
        i[11],
        tax,
        shipping,
        shippingTax,
        ...lineValues({
          cost: i[12] === null ? null : (i[12] as number),
          quantity: i[5] as number,
          total,
        }),
      ]);
    }
    await sql.insertMany('order_stats', STATS_COLUMNS, stats);
    await sql.insertMany('order_product_lookup', PRODUCT_COLUMNS, products);
    await sql.insertMany('order_coupon_lookup', COUPON_COLUMNS, coupons);
    await sql.insertMany('order_tax_lookup', TAX_COLUMNS, taxes);
    return;
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
         o.discount_total, ${MEASURE_SQL}
       FROM orders o LEFT JOIN customer_first_order f ON f.customer_id = o.customer_id
       WHERE ${sql.inIdList('o.id')}`,
    [list],
  );
  await sql.run(
    `INSERT INTO order_product_lookup (${PRODUCT_COLUMNS.join(',')})
       SELECT i.id, i.order_id, s.parent_id, i.product_id, i.variation_id, s.customer_id, s.status,
         s.returning_customer, s.date_created, s.date_paid, s.date_completed, i.quantity, i.total,
         i.total + i.tax + i.shipping + i.shipping_tax, i.coupon_amount, i.tax, i.shipping,
         i.shipping_tax, ${LINE_MEASURE_SQL}
       FROM order_items i JOIN order_stats s ON s.order_id = i.order_id
       WHERE ${sql.inIdList('i.order_id')}`,
    [list],
  );
  await sql.insertMany('order_coupon_lookup', COUPON_COLUMNS, coupons);
  await sql.insertMany('order_tax_lookup', TAX_COLUMNS, taxes);
}

/*
 * One definition per metric (docs/metrics.md). Every report accumulates integer money units
 * (1/10000) in one of these accumulators and presents them through these functions only, so
 * net sales, refunds, gross sales … mean the same number in every report.
 */
import {
  LINE_MEASURES,
  type LineMeasureColumn,
  type MeasureColumn,
  ORDER_MEASURES,
} from '../db/measures';
import { fromUnits } from '../money';

/** Every measure at 0 (db/measures.ts). */
const noMeasures = () =>
  Object.fromEntries(ORDER_MEASURES.map((m) => [m, 0])) as Record<MeasureColumn, number>;

/** Order-level sums: orders and refunds rows (or line rows mapped onto them). */
export interface OrderAcc extends Record<MeasureColumn, number> {
  orders_count: number;
  num_items_sold: number;
  total_sales: number;
  net_total: number;
  tax_total: number;
  shipping_total: number;
  refunds: number;
  coupons: number;
  couponIds: Set<number>;
  customers: Set<number>;
  /** Distinct customers counted by the database, in place of `customers` (one-item stats). */
  customerCount?: number;
  /** Orders already counted (line rows count an order once). */
  counted: Set<number>;
}

/** An empty order accumulator. */
export function emptyOrderAcc(): OrderAcc {
  return {
    orders_count: 0,
    num_items_sold: 0,
    total_sales: 0,
    net_total: 0,
    tax_total: 0,
    shipping_total: 0,
    refunds: 0,
    coupons: 0,
    couponIds: new Set(),
    customers: new Set(),
    counted: new Set(),
    ...noMeasures(),
  };
}

/** Adds `from` into `into`. */
export function mergeOrderAcc(into: OrderAcc, from: OrderAcc): void {
  into.orders_count += from.orders_count;
  into.num_items_sold += from.num_items_sold;
  into.total_sales += from.total_sales;
  into.net_total += from.net_total;
  into.tax_total += from.tax_total;
  into.shipping_total += from.shipping_total;
  into.refunds += from.refunds;
  into.coupons += from.coupons;
  for (const m of ORDER_MEASURES) into[m] += from[m];
  for (const id of from.couponIds) into.couponIds.add(id);
  for (const id of from.customers) into.customers.add(id);
}

/** One order_stats row (an order, or a refund with negative money), measures optional. */
export interface OrderStatsFacts extends Partial<Record<MeasureColumn, number>> {
  order_id: number;
  parent_id: number;
  customer_id: number;
  num_items_sold: number;
  total_sales: number;
  net_total: number;
  tax_total: number;
  shipping_total: number;
}

/** Adds an order or refund row: refunds never count as orders; negative net is a refund. */
export function addOrderRow(acc: OrderAcc, r: OrderStatsFacts): void {
  if (Number(r.parent_id) === 0) acc.orders_count += 1;
  acc.num_items_sold += Number(r.num_items_sold);
  acc.total_sales += Number(r.total_sales);
  const net = Number(r.net_total);
  acc.net_total += net;
  acc.tax_total += Number(r.tax_total);
  acc.shipping_total += Number(r.shipping_total);
  for (const m of ORDER_MEASURES) acc[m] += Number(r[m] ?? 0);
  if (net < 0) acc.refunds -= net;
  if (Number(r.customer_id) > 0) acc.customers.add(Number(r.customer_id));
}

/** One order_product_lookup row (line measures optional; lines carry no payment fees). */
export interface LineFacts extends Partial<Record<MeasureColumn, number>> {
  order_id: number;
  parent_id: number;
  product_id: number;
  variation_id: number;
  customer_id: number;
  product_qty: number;
  product_net_revenue: number;
  product_gross_revenue: number;
  coupon_amount: number;
  tax_amount: number;
  shipping_amount: number;
  shipping_tax_amount: number;
}

/** Adds a line row to order metrics (segments by product, variation or category). */
export function addLineToOrderAcc(acc: OrderAcc, r: LineFacts): void {
  const orderId = Number(r.order_id);
  if (Number(r.parent_id) === 0 && !acc.counted.has(orderId)) {
    acc.counted.add(orderId);
    acc.orders_count += 1;
  }
  const net = Number(r.product_net_revenue);
  acc.num_items_sold += Number(r.product_qty);
  acc.total_sales += Number(r.product_gross_revenue);
  acc.net_total += net;
  acc.tax_total += Number(r.tax_amount) + Number(r.shipping_tax_amount);
  acc.shipping_total += Number(r.shipping_amount);
  acc.coupons += Number(r.coupon_amount);
  for (const m of ORDER_MEASURES) acc[m] += Number(r[m] ?? 0);
  if (net < 0) acc.refunds -= net;
  if (Number(r.customer_id) > 0) acc.customers.add(Number(r.customer_id));
}

type Money = (units: number) => number;

/** A money presenter at the store's precision. */
export const moneyAt =
  (precision: number): Money =>
  (units) =>
    fromUnits(units, precision);

/** Gross sales: total sales + coupons − taxes − shipping + refunds. */
export const grossSalesUnits = (a: OrderAcc) =>
  a.total_sales + a.coupons - a.tax_total - a.shipping_total + a.refunds;

/** A fraction rounded to four decimals (margins, coverage). */
const fraction = (n: number, d: number) => Math.round((n / d) * 10_000) / 10_000;

/** What the profit figures are made of: sums in money units and items. */
export interface ProfitSums {
  /** Net sales (net revenue). */
  net: number;
  /** Items sold. */
  items: number;
  /** Cost of the lines whose cost is known (cost_of_goods measure). */
  cost: number;
  /** Items and net of the lines whose cost is known. */
  costedItems: number;
  costedNet: number;
  /** Payment fees (order-level reports only). */
  fees?: number;
}

/** An order accumulator's profit sums. */
export const profitSumsOf = (a: OrderAcc): ProfitSums => ({
  net: a.net_total,
  items: a.num_items_sold,
  cost: a.cost_of_goods,
  costedItems: a.costed_items,
  costedNet: a.costed_net,
  fees: a.payment_fees,
});

/**
 * Cost of goods and gross profit and margin (docs/metrics.md, "Profit"): cost_of_goods is the
 * cost of the lines whose cost is known, and null (with the profit and margin) when items were
 * sold and none had a known cost: an unknown cost is never taken as 0 silently. Margins are
 * fractions of net sales, null when net sales are 0. cost_coverage: the share of items sold
 * whose cost is known (null when no item was sold); cost_coverage_net_sales: the share of net
 * sales that is their net (null when net sales are 0).
 */
export function grossProfitMetrics(p: ProfitSums, money: Money) {
  const unknown = p.items !== 0 && p.costedItems === 0;
  const gross = p.net - p.cost;
  return {
    cost_of_goods: unknown ? null : money(p.cost),
    gross_profit: unknown ? null : money(gross),
    gross_margin: unknown || p.net === 0 ? null : fraction(gross, p.net),
    cost_coverage: p.items === 0 ? null : fraction(p.costedItems, p.items),
    cost_coverage_net_sales: p.net === 0 ? null : fraction(p.costedNet, p.net),
  };
}

/**
 * Every profit figure: gross profit's, and payment fees, net profit (gross profit less
 * payment fees) and net margin.
 */
export function profitMetrics(p: ProfitSums, money: Money) {
  const gross = grossProfitMetrics(p, money);
  const fees = p.fees ?? 0;
  const unknown = gross.cost_of_goods === null;
  const netProfit = p.net - p.cost - fees;
  return {
    cost_of_goods: gross.cost_of_goods,
    payment_fees: money(fees),
    gross_profit: gross.gross_profit,
    net_profit: unknown ? null : money(netProfit),
    gross_margin: gross.gross_margin,
    net_margin: unknown || p.net === 0 ? null : fraction(netProfit, p.net),
    cost_coverage: gross.cost_coverage,
    cost_coverage_net_sales: gross.cost_coverage_net_sales,
  };
}

/** Revenue stats fields. */
export function revenueMetrics(a: OrderAcc, money: Money) {
  return {
    total_sales: money(a.total_sales),
    net_revenue: money(a.net_total),
    gross_sales: money(grossSalesUnits(a)),
    refunds: money(a.refunds),
    shipping: money(a.shipping_total),
    taxes: money(a.tax_total),
    coupons: money(a.coupons),
    coupons_count: a.couponIds.size,
    orders_count: a.orders_count,
    num_items_sold: a.num_items_sold,
    ...profitMetrics(profitSumsOf(a), money),
  };
}

/** Profit stats fields: net sales and what profit is made of. */
export function profitStatsMetrics(a: OrderAcc, money: Money) {
  return {
    net_revenue: money(a.net_total),
    refunds: money(a.refunds),
    orders_count: a.orders_count,
    num_items_sold: a.num_items_sold,
    ...profitMetrics(profitSumsOf(a), money),
  };
}

/** Average, 0 when there is nothing to divide by. */
const ratio = (n: number, d: number) => (d === 0 ? 0 : n / d);

/** Orders stats fields. Averages are rounded to the currency / two decimals. */
export function ordersMetrics(a: OrderAcc, money: Money) {
  return {
    net_revenue: money(a.net_total),
    orders_count: a.orders_count,
    avg_order_value: money(Math.round(ratio(a.net_total, a.orders_count))),
    avg_items_per_order: Math.round(ratio(a.num_items_sold, a.orders_count) * 100) / 100,
    num_items_sold: a.num_items_sold,
    coupons: money(a.coupons),
    coupons_count: a.couponIds.size,
    total_customers: a.customerCount ?? a.customers.size,
    ...profitMetrics(profitSumsOf(a), money),
  };
}

/**
 * Product-like sums: items sold, net revenue, distinct (non-refund) orders, variations, and the
 * line measures (db/measures.ts) the gross profit figures are made of.
 */
export interface LineAcc extends Record<LineMeasureColumn, number> {
  items_sold: number;
  net_revenue: number;
  orders: Set<number>;
  variations: Set<number>;
}

/** An empty line accumulator. */
export const emptyLineAcc = (): LineAcc => ({
  items_sold: 0,
  net_revenue: 0,
  orders: new Set(),
  variations: new Set(),
  ...(Object.fromEntries(LINE_MEASURES.map((m) => [m, 0])) as Record<LineMeasureColumn, number>),
});

/** Adds a line row: refund rows reduce items and revenue but never count as orders. */
export function addLine(
  acc: LineAcc,
  r: Pick<
    LineFacts,
    'order_id' | 'parent_id' | 'variation_id' | 'product_qty' | 'product_net_revenue'
  > &
    Partial<Record<LineMeasureColumn, number>>,
): void {
  acc.items_sold += Number(r.product_qty);
  acc.net_revenue += Number(r.product_net_revenue);
  for (const m of LINE_MEASURES) acc[m] += Number(r[m] ?? 0);
  if (Number(r.parent_id) === 0) acc.orders.add(Number(r.order_id));
  if (Number(r.variation_id) > 0) acc.variations.add(Number(r.variation_id));
}

/** Adds `from` into `into`. */
export function mergeLineAcc(into: LineAcc, from: LineAcc): void {
  into.items_sold += from.items_sold;
  into.net_revenue += from.net_revenue;
  for (const m of LINE_MEASURES) into[m] += from[m];
  for (const o of from.orders) into.orders.add(o);
  for (const v of from.variations) into.variations.add(v);
}

/** A line accumulator's profit sums (lines carry no payment fees). */
export const lineProfitSums = (a: LineAcc): ProfitSums => ({
  net: a.net_revenue,
  items: a.items_sold,
  cost: a.cost_of_goods,
  costedItems: a.costed_items,
  costedNet: a.costed_net,
});

/** Products stats fields, with the gross profit ones (`grossProfitMetrics`). */
export const productsMetrics = (a: LineAcc, money: Money) => ({
  items_sold: a.items_sold,
  net_revenue: money(a.net_revenue),
  orders_count: a.orders.size,
  ...grossProfitMetrics(lineProfitSums(a), money),
});

/** Variations stats fields. */
export const variationsMetrics = (a: LineAcc, money: Money) => ({
  ...productsMetrics(a, money),
  variations_count: a.variations.size,
});

/** Coupon sums: discount amount, distinct coupons and orders. */
export interface CouponAcc {
  amount: number;
  coupons: Set<number>;
  orders: Set<number>;
}

/** An empty coupon accumulator. */
export const emptyCouponAcc = (): CouponAcc => ({
  amount: 0,
  coupons: new Set(),
  orders: new Set(),
});

/** Adds `from` into `into`. */
export function mergeCouponAcc(into: CouponAcc, from: CouponAcc): void {
  into.amount += from.amount;
  for (const c of from.coupons) into.coupons.add(c);
  for (const o of from.orders) into.orders.add(o);
}

/** Coupons stats fields. */
export const couponsMetrics = (a: CouponAcc, money: Money) => ({
  amount: money(a.amount),
  coupons_count: a.coupons.size,
  orders_count: a.orders.size,
});

/** Tax sums per rate rows. */
export interface TaxAcc {
  total_tax: number;
  order_tax: number;
  shipping_tax: number;
  orders: Set<number>;
  rates: Set<number>;
}

/** An empty tax accumulator. */
export const emptyTaxAcc = (): TaxAcc => ({
  total_tax: 0,
  order_tax: 0,
  shipping_tax: 0,
  orders: new Set(),
  rates: new Set(),
});

/** Adds one order_tax_lookup row: refunds subtract tax but do not count as orders. */
export function addTaxRow(
  acc: TaxAcc,
  r: {
    order_id: number;
    parent_id: number;
    tax_rate_id: number;
    total_tax: number;
    order_tax: number;
    shipping_tax: number;
  },
): void {
  acc.total_tax += Number(r.total_tax);
  acc.order_tax += Number(r.order_tax);
  acc.shipping_tax += Number(r.shipping_tax);
  if (Number(r.parent_id) === 0) acc.orders.add(Number(r.order_id));
  acc.rates.add(Number(r.tax_rate_id));
}

/** Adds `from` into `into`. */
export function mergeTaxAcc(into: TaxAcc, from: TaxAcc): void {
  into.total_tax += from.total_tax;
  into.order_tax += from.order_tax;
  into.shipping_tax += from.shipping_tax;
  for (const o of from.orders) into.orders.add(o);
  for (const r of from.rates) into.rates.add(r);
}

/** Taxes stats fields. */
export const taxesMetrics = (a: TaxAcc, money: Money) => ({
  total_tax: money(a.total_tax),
  order_tax: money(a.order_tax),
  shipping_tax: money(a.shipping_tax),
  orders_count: a.orders.size,
  tax_codes: a.rates.size,
});

/** Download counts. */
export interface DownloadAcc {
  download_count: number;
}

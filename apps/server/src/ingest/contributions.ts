import type {
  OrderCouponLookupTable,
  OrderProductLookupTable,
  OrderStatsTable,
} from '../db/schema';
/**
 * What one order's lookup rows add to the rollups. The same function subtracts old rows and
 * adds new ones, so re-ingesting an order corrects its rollups exactly.
 */

export type DateKind = 'created' | 'paid' | 'completed';
export const dateKinds: readonly DateKind[] = ['created', 'paid', 'completed'];

/** The lookup-row fields contributions read. */
export type StatsRow = Pick<
  OrderStatsTable,
  | 'order_id'
  | 'parent_id'
  | 'status'
  | 'returning_customer'
  | 'date_created'
  | 'date_paid'
  | 'date_completed'
  | 'num_items_sold'
  | 'total_sales'
  | 'tax_total'
  | 'shipping_total'
  | 'net_total'
>;

export type ProductRow = Pick<
  OrderProductLookupTable,
  | 'order_id'
  | 'product_id'
  | 'variation_id'
  | 'status'
  | 'returning_customer'
  | 'date_created'
  | 'date_paid'
  | 'date_completed'
  | 'product_qty'
  | 'product_net_revenue'
  | 'product_gross_revenue'
>;

export type CouponRow = Pick<OrderCouponLookupTable, 'order_id' | 'coupon_id' | 'discount_amount'>;

export interface RevenueAcc {
  orders_count: number;
  num_items_sold: number;
  total_sales: number;
  net_total: number;
  tax_total: number;
  shipping_total: number;
  refunds: number;
  coupons: number;
  couponIds: Map<number, number>;
}

export interface ProductAcc {
  items_sold: number;
  net_revenue: number;
  orders_count: number;
}

/** Rollup deltas of a batch, keyed 'kind|bucket|status|returning' (+ '|product|variation'). */
export class Deltas {
  readonly hour = new Map<string, RevenueAcc>();
  readonly day = new Map<string, RevenueAcc>();
  readonly product = new Map<string, ProductAcc>();
  /** True once an old contribution was removed: rollup rows may have dropped to zero. */
  removed = false;

  /** Adds (sign 1) or removes (sign -1) the contribution of one order's rows. */
  add(
    sign: 1 | -1,
    stats: StatsRow,
    products: readonly ProductRow[],
    coupons: readonly CouponRow[],
  ) {
    if (sign < 0) this.removed = true;
    const couponTotal = coupons.reduce((sum, c) => sum + c.discount_amount, 0);
    for (const kind of dateKinds) {
      const local = dateOf(stats, kind);
      if (!local) continue;
      const tail = `${stats.status}|${stats.returning_customer}`;
      addRevenue(
        this.hour,
        `${kind}|${local.slice(0, 13)}|${tail}`,
        sign,
        stats,
        coupons,
        couponTotal,
      );
      addRevenue(
        this.day,
        `${kind}|${local.slice(0, 10)}|${tail}`,
        sign,
        stats,
        coupons,
        couponTotal,
      );
    }
    const counted = new Set<string>();
    for (const row of products) {
      for (const kind of dateKinds) {
        const local = dateOf(row, kind);
        if (!local) continue;
        const key = `${kind}|${local.slice(0, 10)}|${row.status}|${row.returning_customer}|${row.product_id}|${row.variation_id}`;
        let acc = this.product.get(key);
        if (!acc) {
          acc = { items_sold: 0, net_revenue: 0, orders_count: 0 };
          this.product.set(key, acc);
        }
        acc.items_sold += sign * row.product_qty;
        acc.net_revenue += sign * row.product_net_revenue;
        // An order counts once per product and day; refund rows never count as orders.
        if (row.product_gross_revenue >= 0 && row.product_qty >= 0 && !counted.has(key)) {
          counted.add(key);
          acc.orders_count += sign;
        }
      }
    }
  }
}

function dateOf(
  row: { date_created: string; date_paid: string | null; date_completed: string | null },
  kind: DateKind,
) {
  return kind === 'created'
    ? row.date_created
    : kind === 'paid'
      ? row.date_paid
      : row.date_completed;
}

/** An empty revenue accumulator. */
export function emptyRevenue(): RevenueAcc {
  return {
    orders_count: 0,
    num_items_sold: 0,
    total_sales: 0,
    net_total: 0,
    tax_total: 0,
    shipping_total: 0,
    refunds: 0,
    coupons: 0,
    couponIds: new Map(),
  };
}

function addRevenue(
  map: Map<string, RevenueAcc>,
  key: string,
  sign: 1 | -1,
  s: StatsRow,
  coupons: readonly CouponRow[],
  couponTotal: number,
) {
  let acc = map.get(key);
  if (!acc) {
    acc = emptyRevenue();
    map.set(key, acc);
  }
  acc.orders_count += sign * (s.parent_id === 0 ? 1 : 0);
  acc.num_items_sold += sign * s.num_items_sold;
  acc.total_sales += sign * s.total_sales;
  acc.net_total += sign * s.net_total;
  acc.tax_total += sign * s.tax_total;
  acc.shipping_total += sign * s.shipping_total;
  acc.refunds += sign * (s.net_total < 0 ? -s.net_total : 0);
  acc.coupons += sign * couponTotal;
  for (const c of coupons)
    acc.couponIds.set(c.coupon_id, (acc.couponIds.get(c.coupon_id) ?? 0) + sign);
}

/** Parses a coupon multiset 'id:count,…'. */
export function parseMultiset(text: string): Map<number, number> {
  const out = new Map<number, number>();
  if (!text) return out;
  for (const part of text.split(',')) {
    if (part === '') continue; // empty multisets concatenated by an aggregate
    const [id, count] = part.split(':');
    out.set(Number(id), Number(count));
  }
  return out;
}

/** Serialises a multiset, dropping ids whose count reached zero. */
export function formatMultiset(set: Map<number, number>): string {
  return [...set]
    .filter(([, n]) => n !== 0)
    .sort((a, b) => a[0] - b[0])
    .map(([id, n]) => `${id}:${n}`)
    .join(',');
}

import {
  LINE_MEASURES,
  type LineMeasureColumn,
  type MeasureColumn,
  ORDER_MEASURES,
} from '../db/measures';
import {
  COUPON_ORDER_VALUES,
  DAY_ROLLUPS,
  type DayTable,
  ITEM_TYPES,
  type ItemType,
  MONTH_ROLLUPS,
  type MonthTable,
  type PeriodTable,
} from '../db/rollups';
import type {
  OrderCouponLookupTable,
  OrderProductLookupTable,
  OrderStatsTable,
  OrderTaxLookupTable,
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
  | MeasureColumn
>;

/** What the month rollups read of a product lookup row. */
export type ProductRow = Pick<
  OrderProductLookupTable,
  'product_id' | 'variation_id' | 'product_qty' | 'product_net_revenue' | LineMeasureColumn
>;

export type CouponRow = Pick<OrderCouponLookupTable, 'order_id' | 'coupon_id' | 'discount_amount'>;

export type TaxRow = Pick<
  OrderTaxLookupTable,
  'order_id' | 'tax_rate_id' | 'order_tax' | 'shipping_tax' | 'total_tax'
>;

interface RevenueBase {
  orders_count: number;
  num_items_sold: number;
  total_sales: number;
  net_total: number;
  tax_total: number;
  shipping_total: number;
  refunds: number;
  coupons: number;
  /** Refund rows (the revenue rollups keep it; item_day does not). */
  refund_count: number;
  couponIds: Map<number, number>;
}

/** A revenue accumulator's fields: the base sums and one per measure (db/measures.ts). */
export type RevenueAcc = RevenueBase & Record<MeasureColumn, number>;

const DAY_MS = 86_400_000;
const STATUS_SLOTS = 64;

/** The digit at `i` of a text. */
const digit = (text: string, i: number) => text.charCodeAt(i) - 48;

/** Days since 1970-01-01 of a 'YYYY-MM-DD…' text, read from char codes (no allocation). */
export function dayNumber(text: string): number {
  const y = digit(text, 0) * 1000 + digit(text, 1) * 100 + digit(text, 2) * 10 + digit(text, 3);
  const m = digit(text, 5) * 10 + digit(text, 6);
  const d = digit(text, 8) * 10 + digit(text, 9);
  // Days from civil (proleptic Gregorian), years shifted to start in March.
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

export const dayText = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * Rollup keys are small integers (cheap to hash, no strings built per row): a bucket index
 * (hour, day or month since 1970), the date kind, a status code and, for revenue, the
 * new/returning flag. `decode*` turns them back into column values when rows are written.
 */
class Keys {
  private readonly statusCodes = new Map<string, number>();
  private readonly statusNames: string[] = [];

  status(name: string): number {
    let code = this.statusCodes.get(name);
    if (code === undefined) {
      code = this.statusNames.length;
      if (code >= STATUS_SLOTS)
        throw new RangeError(`More than ${STATUS_SLOTS} order statuses in one batch`);
      this.statusCodes.set(name, code);
      this.statusNames.push(name);
    }
    return code;
  }

  /** Revenue key of a bucket index (hours or days since 1970). */
  revenue(bucket: number, kind: number, status: number, returning: number): number {
    return this.period(bucket, kind, status) * 2 + returning;
  }

  decodeRevenue(key: number, width: 'hour' | 'day') {
    const returning = key % 2;
    const { index, kind, status } = this.decodePeriod((key - returning) / 2);
    const bucket =
      width === 'day'
        ? dayText(index)
        : `${dayText(Math.floor(index / 24))} ${String(index % 24).padStart(2, '0')}`;
    return { kind, bucket, status, returning };
  }

  /** The bucket index (hours or days since 1970) of a revenue key. */
  revenueIndex(key: number): number {
    return Math.floor(key / (2 * 3 * STATUS_SLOTS));
  }

  /** The period index (months or days since 1970) of a month or day rollup's prefix key. */
  periodIndex(prefix: number): number {
    return Math.floor(prefix / (3 * STATUS_SLOTS));
  }

  /** Prefix key of a month or day rollup: period index (months or days since 1970), kind, status. */
  period(index: number, kind: number, status: number): number {
    return (index * 3 + kind) * STATUS_SLOTS + status;
  }

  private decodePeriod(key: number) {
    const status = key % STATUS_SLOTS;
    const rest = (key - status) / STATUS_SLOTS;
    const kind = rest % 3;
    return { index: (rest - kind) / 3, kind: dateKinds[kind]!, status: this.statusNames[status]! };
  }

  decodeDay(key: number) {
    const { index, kind, status } = this.decodePeriod(key);
    return { kind, day: dayText(index), status };
  }

  decodeMonth(key: number) {
    const { index, kind, status } = this.decodePeriod(key);
    const month = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
    return { kind, month, status };
  }
}

/**
 * Month or day deltas of one table: prefix key (month or day, kind, status) → record id →
 * value columns.
 */
export type MonthDeltas = Map<number, Map<number, number[]>>;

/**
 * Takes item_day contributions in place of `Deltas.items`: a bulk load sums them across its
 * batches and writes item_day once (ingest/item-day-totals.ts). `day` counts days since
 * 1970; `kind` indexes `dateKinds`.
 */
export interface ItemDaySink {
  add(
    items: readonly number[],
    kind: number,
    day: number,
    status: string,
    returning: number,
    sign: 1 | -1,
    stats: StatsRow,
    coupons: readonly CouponRow[],
    couponTotal: number,
  ): void;
}

/** Rollup deltas of a batch. */
export class Deltas {
  /**
   * `items: false` collects no item_day deltas; `sink` receives them instead of `items` (a
   * bulk load summing item_day across its batches).
   */
  constructor(
    private readonly options: {
      items: boolean;
      sink?: ItemDaySink;
      /** Where contributions to closed days go (`closeBefore`): a bulk load's rollups. */
      late?: Deltas;
    } = { items: true },
  ) {}
  readonly keys = new Keys();
  readonly hour = new Map<number, RevenueAcc>();
  readonly day = new Map<number, RevenueAcc>();
  readonly months = new Map<MonthTable, MonthDeltas>(
    (Object.keys(MONTH_ROLLUPS) as MonthTable[]).map((t) => [t, new Map()]),
  );
  /** Day rollup deltas (migrations 010, 019), as `months` per day. */
  readonly days = new Map<DayTable, MonthDeltas>(
    (Object.keys(DAY_ROLLUPS) as DayTable[]).map((t) => [t, new Map()]),
  );
  /** The month and day rollups' deltas, months first. */
  periods(): [PeriodTable, MonthDeltas][] {
    return [...this.months, ...this.days];
  }
  /** The product of each variation seen (variation_month carries both ids). */
  readonly productOfVariation = new Map<number, number>();
  /** True once an old contribution was removed: month rollup rows may have dropped to zero. */
  removed = false;
  /** Revenue keys a contribution was removed from (their rows may have dropped to zero). */
  readonly shrunk = { hour: new Set<number>(), day: new Set<number>() };
  /**
   * item_day deltas (migration 015): revenue key (day, kind, status, new/returning) → item key
   * (`itemKey`) → sums. `shrunkItems` lists the [revenue key, item key] pairs a removal touched.
   */
  readonly items = new Map<number, Map<number, RevenueAcc>>();
  readonly shrunkItems: [number, number][] = [];

  /**
   * Adds (sign 1) or removes (sign -1) the contribution of one order's (or refund's) rows.
   * `categoriesOf` gives a product's categories. In the month rollups an order counts once
   * per record (product, variation, category, coupon, tax rate); refunds never count.
   */
  add(
    sign: 1 | -1,
    stats: StatsRow,
    products: readonly ProductRow[],
    coupons: readonly CouponRow[],
    taxes: readonly TaxRow[],
    categoriesOf: (productId: number) => readonly number[],
    orderCoupons: readonly number[],
  ) {
    const couponTotal = couponSum(coupons);
    const items = this.options.items ? itemKeys(products, categoriesOf, orderCoupons) : [];
    for (let kind = 0; kind < 3; kind++) {
      const local = dateOf(stats, dateKinds[kind]!);
      if (!local) continue;
      const day = dayNumber(local);
      this.target(day).addOn(
        sign,
        stats,
        products,
        coupons,
        taxes,
        categoriesOf,
        couponTotal,
        kind,
        local,
        day,
        items,
        orderCoupons,
      );
    }
  }

  /**
   * Where a contribution dated `day` goes: these deltas, or the late ones once its day is
   * closed (`closeBefore`).
   */
  private target(day: number): Deltas {
    return day < this.closedBefore ? this.options.late! : this;
  }

  /**
   * Days before this one (days since 1970) are closed: their rows were written, and what
   * still comes for them goes to the `late` deltas. Only with `late`.
   */
  private closedBefore = Number.NEGATIVE_INFINITY;

  /** Closes the days before `day` (days since 1970); see `closedBefore`. */
  closeBefore(day: number) {
    if (!this.options.late) throw new Error('Closing days needs late deltas');
    this.closedBefore = Math.max(this.closedBefore, day);
  }

  /** The contribution of one row under one date kind, dated `local` (day `day` since 1970). */
  private addOn(
    sign: 1 | -1,
    stats: StatsRow,
    products: readonly ProductRow[],
    coupons: readonly CouponRow[],
    taxes: readonly TaxRow[],
    categoriesOf: (productId: number) => readonly number[],
    couponTotal: number,
    kind: number,
    local: string,
    day: number,
    items: readonly number[],
    orderCoupons: readonly number[],
  ) {
    if (sign < 0) this.removed = true;
    const isOrder = stats.parent_id === 0;
    const status = this.keys.status(stats.status);
    const months = this.months;
    this.addRevenueOn(sign, stats, coupons, couponTotal, kind, status, local, day, items);
    // Lookup rows carry their order's dates and status, so the order's month key holds.
    const y =
      (local.charCodeAt(0) - 48) * 1000 +
      (local.charCodeAt(1) - 48) * 100 +
      (local.charCodeAt(2) - 48) * 10 +
      local.charCodeAt(3) -
      48;
    const m = (local.charCodeAt(5) - 48) * 10 + local.charCodeAt(6) - 48;
    const prefix = this.keys.period(y * 12 + m - 1, kind, status);
    const product = bucketOf(months.get('product_month')!, prefix);
    const variation = bucketOf(months.get('variation_month')!, prefix);
    const category = bucketOf(months.get('category_month')!, prefix);
    const coupon = bucketOf(months.get('coupon_month')!, prefix);
    const tax = bucketOf(months.get('tax_month')!, prefix);
    const dayPrefix = this.keys.period(day, kind, status);
    const days = this.days;
    const productDay = bucketOf(days.get('product_day')!, dayPrefix);
    const variationDay = bucketOf(days.get('variation_day')!, dayPrefix);
    const categoryDay = bucketOf(days.get('category_day')!, dayPrefix);
    const couponDay = bucketOf(days.get('coupon_day')!, dayPrefix);
    const taxDay = bucketOf(days.get('tax_day')!, dayPrefix);
    const seen = isOrder ? new Counted() : undefined;
    for (const row of products) {
      const qty = sign * row.product_qty;
      const net = sign * row.product_net_revenue;
      const productCounted = seen?.first(0, row.product_id) ? sign : 0;
      // The line's measures read once (keyed reads), added to every rollup below.
      for (let i = 0; i < LINE_MEASURES.length; i++)
        lineMeasures[i] = sign * Number(row[LINE_MEASURES[i]!]);
      addLineValues(product, row.product_id, sign, qty, net, productCounted);
      addLineValues(productDay, row.product_id, sign, qty, net, productCounted);
      if (row.variation_id > 0) {
        this.productOfVariation.set(row.variation_id, row.product_id);
        const counted = seen?.first(1, row.variation_id) ? sign : 0;
        addLineValues(variation, row.variation_id, sign, qty, net, counted);
        addLineValues(variationDay, row.variation_id, sign, qty, net, counted);
      }
      for (const id of categoriesOf(row.product_id)) {
        const counted = seen?.first(2, id) ? sign : 0;
        addLineValues(category, id, sign, qty, net, counted);
        addLineValues(categoryDay, id, sign, qty, net, counted);
      }
    }
    for (const row of coupons) {
      const amount = sign * row.discount_amount;
      const counted = seen?.first(3, row.coupon_id) ? sign : 0;
      addCouponValues(coupon, row.coupon_id, amount, counted);
      addCouponValues(couponDay, row.coupon_id, amount, counted);
    }
    // The row's own sums go to each coupon its order used (a refund's are its order's).
    if (orderCoupons.length > 0) {
      for (let i = 0; i < COUPON_ORDER_VALUES.length; i++)
        couponOrderSums[i] = sign * Number(stats[COUPON_ORDER_VALUES[i]!]);
      for (const id of orderCoupons) {
        addCouponOrderSums(coupon, id);
        addCouponOrderSums(couponDay, id);
      }
    }
    for (const row of taxes) {
      const counted = seen?.first(4, row.tax_rate_id) ? sign : 0;
      for (const bucket of [tax, taxDay]) {
        let acc = bucket.get(row.tax_rate_id);
        if (!acc) {
          acc = [0, 0, 0, 0, 0];
          bucket.set(row.tax_rate_id, acc);
        }
        acc[0]! += sign * row.total_tax;
        acc[1]! += sign * row.order_tax;
        acc[2]! += sign * row.shipping_tax;
        acc[3]! += counted;
        acc[4]! += sign;
      }
    }
  }

  /**
   * The parts keyed by new/returning alone (revenue and item rollups): what a new/returning
   * flip moves. Arguments as `add`'s.
   */
  addRevenue(
    sign: 1 | -1,
    stats: StatsRow,
    products: readonly ProductRow[],
    coupons: readonly CouponRow[],
    categoriesOf: (productId: number) => readonly number[],
    orderCoupons: readonly number[],
  ) {
    const couponTotal = couponSum(coupons);
    const items = this.options.items ? itemKeys(products, categoriesOf, orderCoupons) : [];
    for (let kind = 0; kind < 3; kind++) {
      const local = dateOf(stats, dateKinds[kind]!);
      if (!local) continue;
      const day = dayNumber(local);
      const target = this.target(day);
      const status = target.keys.status(stats.status);
      target.addRevenueOn(sign, stats, coupons, couponTotal, kind, status, local, day, items);
    }
  }

  /** The revenue contribution under one date kind, dated `local` (day `day` since 1970). */
  private addRevenueOn(
    sign: 1 | -1,
    stats: StatsRow,
    coupons: readonly CouponRow[],
    couponTotal: number,
    kind: number,
    status: number,
    local: string,
    day: number,
    items: readonly number[],
  ) {
    const returning = Number(stats.returning_customer);
    const hour = day * 24 + (local.charCodeAt(11) - 48) * 10 + local.charCodeAt(12) - 48;
    const hourKey = this.keys.revenue(hour, kind, status, returning);
    addRevenue(this.hour, hourKey, sign, stats, coupons, couponTotal);
    const dayKey = this.keys.revenue(day, kind, status, returning);
    addRevenue(this.day, dayKey, sign, stats, coupons, couponTotal);
    if (items.length > 0 && this.options.sink) {
      this.options.sink.add(
        items,
        kind,
        day,
        stats.status,
        returning,
        sign,
        stats,
        coupons,
        couponTotal,
      );
    } else if (items.length > 0) {
      let byItem = this.items.get(dayKey);
      if (!byItem) {
        byItem = new Map();
        this.items.set(dayKey, byItem);
      }
      for (const item of items) {
        addRevenue(byItem, item, sign, stats, coupons, couponTotal);
        if (sign < 0) this.shrunkItems.push([dayKey, item]);
      }
    }
    if (sign < 0) {
      this.shrunk.hour.add(hourKey);
      this.shrunk.day.add(dayKey);
    }
  }
}

const ITEM_TYPE_CODES = new Map(ITEM_TYPES.map((t, i) => [t, i] as const));

/** An item_day item key: the id and its kind in one safe integer. */
export const itemKey = (type: ItemType, id: number) => id * 4 + ITEM_TYPE_CODES.get(type)!;

/** The item kind and id of an item key. */
export function decodeItemKey(key: number): { type: ItemType; id: number } {
  const code = key % 4;
  return { type: ITEM_TYPES[code]!, id: (key - code) / 4 };
}

/**
 * The items one lookup row (an order or a refund) matches, as the lookup filters do: the
 * products, variations and categories of its own lines, and its order's coupons.
 */
function itemKeys(
  products: readonly ProductRow[],
  categoriesOf: (productId: number) => readonly number[],
  orderCoupons: readonly number[],
): number[] {
  const out: number[] = [];
  for (const row of products) {
    pushNew(out, itemKey('product', row.product_id));
    if (row.variation_id > 0) pushNew(out, itemKey('variation', row.variation_id));
    for (const id of categoriesOf(row.product_id)) pushNew(out, itemKey('category', id));
  }
  for (const id of orderCoupons) pushNew(out, itemKey('coupon', id));
  return out;
}

/** Adds a key not yet in the list. */
function pushNew(out: number[], key: number) {
  if (!out.includes(key)) out.push(key);
}

const couponSum = (coupons: readonly CouponRow[]) =>
  coupons.reduce((sum, c) => sum + c.discount_amount, 0);

/** The records one order already counted in, per rollup (orders count once per record). */
class Counted {
  private readonly ids: number[][] = [[], [], [], [], []];
  first(table: number, id: number): boolean {
    const list = this.ids[table]!;
    if (list.includes(id)) return false;
    list.push(id);
    return true;
  }
}

function bucketOf(map: MonthDeltas, prefix: number): Map<number, number[]> {
  let bucket = map.get(prefix);
  if (!bucket) {
    bucket = new Map();
    map.set(prefix, bucket);
  }
  return bucket;
}

/** A coupon rollup's values: amount, orders counted, then `COUPON_ORDER_VALUES`. */
function couponAcc(map: Map<number, number[]>, id: number): number[] {
  let acc = map.get(id);
  if (!acc) {
    acc = new Array(2 + COUPON_ORDER_VALUES.length).fill(0);
    map.set(id, acc);
  }
  return acc;
}

function addCouponValues(map: Map<number, number[]>, id: number, amount: number, counted: number) {
  const acc = couponAcc(map, id);
  acc[0]! += amount;
  acc[1]! += counted;
}

/** The order row's sums being added to its coupons (signed), in `COUPON_ORDER_VALUES`' order. */
const couponOrderSums = new Float64Array(COUPON_ORDER_VALUES.length);

function addCouponOrderSums(map: Map<number, number[]>, id: number) {
  const acc = couponAcc(map, id);
  for (let i = 0; i < COUPON_ORDER_VALUES.length; i++) acc[2 + i]! += couponOrderSums[i]!;
}

/** The line measures of the line being added (signed), set before `addLineValues`. */
const lineMeasures = new Float64Array(LINE_MEASURES.length);

/**
 * Adds (sign 1) or removes (-1) a line in a product-like rollup's values: items sold, net
 * revenue, orders counted, the lookup row, then each line measure (`lineMeasures`;
 * `periodShape`'s value order).
 */
function addLineValues(
  map: Map<number, number[]>,
  id: number,
  sign: 1 | -1,
  qty: number,
  net: number,
  counted: number,
) {
  let acc = map.get(id);
  if (!acc) {
    acc = new Array(4 + LINE_MEASURES.length).fill(0);
    map.set(id, acc);
  }
  acc[0]! += qty;
  acc[1]! += net;
  acc[2]! += counted;
  acc[3]! += sign;
  for (let i = 0; i < LINE_MEASURES.length; i++) acc[4 + i]! += lineMeasures[i]!;
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
function emptyRevenue(): RevenueAcc {
  const acc = {
    orders_count: 0,
    num_items_sold: 0,
    total_sales: 0,
    net_total: 0,
    tax_total: 0,
    shipping_total: 0,
    refunds: 0,
    coupons: 0,
    refund_count: 0,
    couponIds: new Map(),
  } as RevenueAcc;
  for (const m of ORDER_MEASURES) acc[m] = 0;
  return acc;
}

function addRevenue(
  map: Map<number, RevenueAcc>,
  key: number,
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
  acc.refund_count += sign * (s.parent_id === 0 ? 0 : 1);
  acc.num_items_sold += sign * s.num_items_sold;
  acc.total_sales += sign * s.total_sales;
  acc.net_total += sign * s.net_total;
  acc.tax_total += sign * s.tax_total;
  acc.shipping_total += sign * s.shipping_total;
  acc.refunds += sign * (s.net_total < 0 ? -s.net_total : 0);
  acc.coupons += sign * couponTotal;
  for (const m of ORDER_MEASURES) acc[m] += sign * Number(s[m]);
  for (const c of coupons)
    acc.couponIds.set(c.coupon_id, (acc.couponIds.get(c.coupon_id) ?? 0) + sign);
}

/*
 * Conventions: money columns hold integer 1/10000 units (see money.ts), never floats.
 * Date-times are text 'YYYY-MM-DD HH:MM:SS': `*_gmt` in UTC, the plain column in the store's
 * local time, so grouping by local day never needs engine-specific timezone SQL.
 * Booleans are 0/1 integers on both engines.
 */

import type { Generated } from 'kysely';

export interface OptionTable {
  name: string;
  /** JSON text. */
  value: string;
}

export interface CategoryTable {
  id: number;
  name: string;
  slug: string;
  parent_id: number;
  description: string;
}

export interface AttributeTable {
  id: number;
  name: string;
  slug: string;
}

export interface AttributeTermTable {
  id: number;
  attribute_id: number;
  name: string;
  slug: string;
  menu_order: number;
}

export interface ProductTable {
  id: number;
  /** 0 for simple and variable products; the variable parent for a variation. */
  parent_id: number;
  type: 'simple' | 'variable' | 'variation';
  status: 'publish' | 'draft' | 'auto-draft' | 'trash';
  name: string;
  slug: string;
  sku: string;
  description: string;
  price: number;
  regular_price: number;
  sale_price: number | null;
  manage_stock: number;
  stock_quantity: number | null;
  stock_status: 'instock' | 'outofstock' | 'onbackorder';
  low_stock_amount: number | null;
  downloadable: number;
  virtual: number;
  image_url: string;
  average_rating: number;
  rating_count: number;
  total_sales: number;
  date_created: string;
  date_created_gmt: string;
}

/**
 * Every column of `products`, in the order the row writers give them (the demo generator and
 * the connector's upserts fill whole rows).
 */
export const PRODUCT_COLUMNS = [
  'id',
  'parent_id',
  'type',
  'status',
  'name',
  'slug',
  'sku',
  'description',
  'price',
  'regular_price',
  'sale_price',
  'manage_stock',
  'stock_quantity',
  'stock_status',
  'low_stock_amount',
  'downloadable',
  'virtual',
  'image_url',
  'average_rating',
  'rating_count',
  'total_sales',
  'date_created',
  'date_created_gmt',
] as const satisfies readonly (keyof ProductTable)[];

export interface ProductCategoryTable {
  product_id: number;
  category_id: number;
}

/** Attribute values of a product: options of a variable product, the value of a variation. */
export interface ProductAttributeTable {
  product_id: number;
  attribute_id: number;
  term_id: number;
}

export interface ProductDownloadTable {
  id: string;
  product_id: number;
  name: string;
  file: string;
}

/** Customers, registered and guest: the analytics customer lookup (id ≠ user id). */
export interface CustomerTable {
  id: number;
  /** 0 for guests. */
  user_id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  country: string;
  state: string;
  city: string;
  postcode: string;
  date_registered: string | null;
  date_registered_gmt: string | null;
  date_last_active: string | null;
  date_last_active_gmt: string | null;
}

/**
 * The columns of `customers` a whole customer row is written with, by the connector's upserts
 * (which replace the row from the shop's record). The last active dates are left out: they come
 * from the customer's orders (customer-activity.ts), never from the customer record.
 */
export const CUSTOMER_COLUMNS = [
  'id',
  'user_id',
  'username',
  'first_name',
  'last_name',
  'email',
  'country',
  'state',
  'city',
  'postcode',
  'date_registered',
  'date_registered_gmt',
] as const satisfies readonly (keyof CustomerTable)[];

/**
 * `CUSTOMER_COLUMNS` and the last active dates: the demo generator knows each customer's
 * last order when it writes the row, so it writes them at once.
 */
export const CUSTOMER_COLUMNS_WITH_ACTIVITY = [
  ...CUSTOMER_COLUMNS,
  'date_last_active',
  'date_last_active_gmt',
] as const satisfies readonly (keyof CustomerTable)[];

export interface CouponTable {
  id: number;
  code: string;
  discount_type: 'percent' | 'fixed_cart' | 'fixed_product';
  amount: number;
  date_created: string;
  date_created_gmt: string;
  date_expires: string | null;
  date_expires_gmt: string | null;
}

export interface TaxRateTable {
  id: number;
  country: string;
  state: string;
  name: string;
  priority: number;
  /** Percent with 4 decimals, as text (e.g. '7.2500'). */
  rate: string;
  shipping: number;
  compound: number;
  tax_class: string;
}

/** Source orders and refunds (a refund is its own row with parent_id = its order). */
export interface OrderTable {
  id: number;
  parent_id: number;
  type: 'order' | 'refund';
  status: string;
  currency: string;
  customer_id: number;
  date_created: string;
  date_created_gmt: string;
  date_paid: string | null;
  date_paid_gmt: string | null;
  date_completed: string | null;
  date_completed_gmt: string | null;
  total: number;
  tax_total: number;
  shipping_total: number;
  shipping_tax: number;
  discount_total: number;
  billing_country: string;
  billing_state: string;
  billing_email: string;
  /** The gateway's id (`stripe`, `ppcp-gateway`, `cod`…) and its title; '' when none. */
  payment_method: string;
  payment_method_title: string;
  /** Where the order was made (`checkout`, `admin`, `rest-api`, `pos`…); '' when unknown. */
  created_via: string;
  /**
   * The payment gateway's fee on the order (migration 033), in `payment_fee_currency`, and the
   * part of it given back on refunds (positive); 0 on a refund's row and when none is known.
   */
  payment_fee: number;
  payment_fee_refunded: number;
  payment_fee_currency: string;
}

/**
 * An order's attribution (migration 033), from its `_wc_order_attribution_*` meta: one row per
 * order (refunds are their order's). `source_type` is WooCommerce's source type case-folded
 * (`utm`, `organic`, `referral`, `typein`, `admin`, `mobile_app`…; `unknown` without one),
 * `source` the case-folded `utm_source`, `origin` the label WooCommerce shows ("Source: Google",
 * "Direct", "Unknown"). Campaign values are case-folded; referrer, entry page and user agent
 * are kept as given.
 */
export interface OrderAttributionTable {
  order_id: number;
  source_type: string;
  origin: string;
  source: string;
  referrer: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  utm_content: string;
  utm_id: string;
  utm_term: string;
  utm_source_platform: string;
  utm_creative_format: string;
  utm_marketing_tactic: string;
  session_entry: string;
  session_start_time: string;
  user_agent: string;
  device_type: string;
  session_pages: number | null;
  session_count: number | null;
}

/**
 * A product's or variation's unit cost from a date on (migration 034): `cost` NULL when it had
 * none from then; `source` `cogs` (WooCommerce's own field) or `wc_cog` (the Cost of Goods
 * extension's `_wc_cog_cost`).
 */
export interface ProductCostTable {
  product_id: number;
  effective_from_gmt: string;
  cost: number | null;
  source: string;
}

/**
 * A unit cost entered in Storelens for a product or variation from a date on (migration 035):
 * `cost` NULL when it has none from then. Used beside the shop's (`product_costs`) by the
 * `storelens_entered_costs_win` option (costs/unit-costs.ts).
 */
export interface EnteredCostTable {
  product_id: number;
  effective_from_gmt: string;
  cost: number | null;
  created_gmt: string;
  created_by: number;
}

export interface OrderItemTable {
  id: number;
  order_id: number;
  product_id: number;
  variation_id: number;
  name: string;
  quantity: number;
  subtotal: number;
  total: number;
  tax: number;
  shipping: number;
  shipping_tax: number;
  coupon_amount: number;
  /**
   * The line's cost of goods, all units (migration 034; a refund's negative), NULL when
   * unknown; `cost_source` `line` (the shop's, on the line), `product` (the product's cost on
   * the order's date) or ''.
   */
  cost: number | null;
  cost_source: string;
}

export interface OrderCouponLineTable {
  order_id: number;
  coupon_id: number;
  code: string;
  discount: number;
}

/** `tax_total` is the rate's tax on items and fees, as WooCommerce's order tax lines. */
export interface OrderTaxLineTable {
  order_id: number;
  tax_rate_id: number;
  tax_total: number;
  shipping_tax_total: number;
}

/**
 * Fee lines of orders and refunds (migration 029): `total` before tax and its `tax`, negative
 * on a refund (and for a negative fee); `taxes` is JSON text, the tax per rate id
 * (`{"1":3800}`); a refund's line names the order's fee line it gives back
 * (`refunded_item_id`, 0 on an order's own lines).
 */
export interface OrderFeeLineTable {
  id: number;
  order_id: number;
  name: string;
  total: number;
  tax: number;
  taxes: string;
  refunded_item_id: number;
}

export interface DownloadLogTable {
  id: number;
  download_id: string;
  product_id: number;
  order_id: number;
  user_id: number;
  user_ip_address: string;
  timestamp: string;
  timestamp_gmt: string;
}

/** Every column of download_log, in the order writers bind them. */
export const DOWNLOAD_COLUMNS = [
  'id',
  'download_id',
  'product_id',
  'order_id',
  'user_id',
  'user_ip_address',
  'timestamp',
  'timestamp_gmt',
] as const satisfies readonly (keyof DownloadLogTable)[];

/** Download log entries per local day, kept by triggers on download_log (migration 018). */
export interface DownloadDayTable {
  day: string;
  downloads: number;
}

/**
 * Orders with a coupon per date kind, local day and status, kept by triggers on
 * order_coupon_lookup (migration 018).
 */
export interface CouponOrderDayTable {
  date_kind: string;
  day: string;
  status: string;
  orders: number;
}

/**
 * The Sources report's sums per date kind, dimension, local day, status and value (a payment
 * method's per title too), kept by ingestion (migration 040, ingest/source-day.ts).
 */
export interface SourceDayTable {
  date_kind: string;
  dimension: string;
  day: string;
  status: string;
  value: string;
  title: string;
  rows_count: number;
  orders_count: number;
  net_total: number;
  new_customers: number;
  unknown_orders: number;
  num_items_sold: number;
  cost_of_goods: number;
  costed_items: number;
  costed_net: number;
  payment_fees: number;
}

/**
 * Per dimension of the Sources report, local day and value: the persons whose first counted
 * order is of that day with that value, and those of them who ordered again since (migration
 * 041, analytics/customer-time.ts, under customer_time_state's settings).
 */
export interface SourceFirstDayTable {
  dimension: string;
  day: string;
  value: string;
  customers: number;
  repeat_customers: number;
}

/* ---- analytics lookup tables (WooCommerce-shaped) ---- */

export interface OrderStatsTable {
  order_id: number;
  parent_id: number;
  status: string;
  customer_id: number;
  returning_customer: number;
  date_created: string;
  date_created_gmt: string;
  date_paid: string | null;
  date_completed: string | null;
  num_items_sold: number;
  total_sales: number;
  tax_total: number;
  shipping_total: number;
  net_total: number;
  discount_total: number;
  /** Measures (migration 035, db/measures.ts): known cost, its items and net, gateway fees. */
  cost_of_goods: number;
  costed_items: number;
  costed_net: number;
  payment_fees: number;
}

export interface OrderProductLookupTable {
  order_item_id: number;
  order_id: number;
  parent_id: number;
  product_id: number;
  variation_id: number;
  customer_id: number;
  status: string;
  returning_customer: number;
  date_created: string;
  date_paid: string | null;
  date_completed: string | null;
  product_qty: number;
  product_net_revenue: number;
  product_gross_revenue: number;
  coupon_amount: number;
  tax_amount: number;
  shipping_amount: number;
  shipping_tax_amount: number;
  /** Measures (migration 035, db/measures.ts): known cost, its items and net, gateway fees. */
  cost_of_goods: number;
  costed_items: number;
  costed_net: number;
}

export interface OrderCouponLookupTable {
  order_id: number;
  coupon_id: number;
  status: string;
  returning_customer: number;
  date_created: string;
  date_paid: string | null;
  date_completed: string | null;
  discount_amount: number;
}

export interface OrderTaxLookupTable {
  order_id: number;
  tax_rate_id: number;
  parent_id: number;
  status: string;
  date_created: string;
  date_paid: string | null;
  date_completed: string | null;
  shipping_tax: number;
  order_tax: number;
  total_tax: number;
}

/**
 * Additive revenue rollups per local bucket. `date_kind` says which order date placed the row
 * (created, paid, completed); `bucket` is 'YYYY-MM-DD HH' (hour table) or 'YYYY-MM-DD' (day).
 * `coupon_ids` is a multiset 'id:count,…' so distinct coupons per bucket survive updates.
 */
export interface RevenueRollupTable {
  date_kind: 'created' | 'paid' | 'completed';
  bucket: string;
  status: string;
  returning_customer: number;
  orders_count: number;
  num_items_sold: number;
  total_sales: number;
  net_total: number;
  tax_total: number;
  shipping_total: number;
  refunds: number;
  coupons: number;
  coupon_ids: string;
  /** Refund rows (migration 021; not in item_day). */
  refund_count: number;
  /** Measures (migration 035, db/measures.ts): known cost, its items and net, gateway fees. */
  cost_of_goods: number;
  costed_items: number;
  costed_net: number;
  payment_fees: number;
}

/**
 * Visits of products and variations (migration 025, ingest/item-visits.ts): `n` days on which a
 * customer had a counted line of the item under `date_kind`, whose previous such day was
 * `prev_day` ('' for none).
 */
export interface ItemVisitsTable {
  item_type: 'product' | 'variation';
  item_id: number;
  date_kind: 'created' | 'paid' | 'completed';
  day: string;
  prev_day: string;
  n: number;
}

/**
 * Order-level sums per item and local day (migration 015): the revenue rollup's columns over
 * the orders and refunds that match one product, variation, category or coupon.
 */
export interface ItemDayTable extends Omit<RevenueRollupTable, 'bucket' | 'refund_count'> {
  item_type: 'product' | 'variation' | 'category' | 'coupon';
  item_id: number;
  /** Local 'YYYY-MM-DD'. */
  day: string;
}

/** Month rollups (migration 004): sums per date kind, local month, status and record. */
interface MonthKey {
  date_kind: 'created' | 'paid' | 'completed';
  /** Local 'YYYY-MM'. */
  month: string;
  status: string;
}
export interface ProductMonthTable extends MonthKey {
  product_id: number;
  items_sold: number;
  net_revenue: number;
  orders_count: number;
  /** The lookup rows summed, zero-sum ones included (migration 051). */
  lookup_rows: number;
  /** Measures (migration 035, db/measures.ts): known cost, its items and net, gateway fees. */
  cost_of_goods: number;
  costed_items: number;
  costed_net: number;
}
export interface VariationMonthTable extends MonthKey {
  variation_id: number;
  product_id: number;
  items_sold: number;
  net_revenue: number;
  orders_count: number;
  /** The lookup rows summed, zero-sum ones included (migration 051). */
  lookup_rows: number;
  /** Measures (migration 035, db/measures.ts): known cost, its items and net, gateway fees. */
  cost_of_goods: number;
  costed_items: number;
  costed_net: number;
}
export interface CategoryMonthTable extends MonthKey {
  category_id: number;
  items_sold: number;
  net_revenue: number;
  orders_count: number;
  /** The lookup rows summed, zero-sum ones included (migration 051). */
  lookup_rows: number;
  /** Measures (migration 035, db/measures.ts): known cost, its items and net, gateway fees. */
  cost_of_goods: number;
  costed_items: number;
  costed_net: number;
}
/** Day rollups (migrations 010, 019): a month rollup's figures per local day ('YYYY-MM-DD'). */
type PerDay<T> = Omit<T, 'month'> & { day: string };
export type ProductDayTable = PerDay<ProductMonthTable>;
export type VariationDayTable = PerDay<VariationMonthTable>;
export type CategoryDayTable = PerDay<CategoryMonthTable>;
export interface CouponMonthTable extends MonthKey {
  coupon_id: number;
  amount: number;
  orders_count: number;
  /**
   * Sums of the order rows (orders and their refunds, each on its own date and status) whose
   * order used the coupon (migration 042): net sales, items sold, the measures.
   */
  net_total: number;
  num_items_sold: number;
  cost_of_goods: number;
  costed_items: number;
  costed_net: number;
  payment_fees: number;
}
export interface TaxMonthTable extends MonthKey {
  tax_rate_id: number;
  total_tax: number;
  order_tax: number;
  shipping_tax: number;
  orders_count: number;
  /** The lookup rows summed, zero-sum ones included (migration 051). */
  lookup_rows: number;
}
export type CouponDayTable = PerDay<CouponMonthTable>;
export type TaxDayTable = PerDay<TaxMonthTable>;

/** Each customer's first counted order (migration 004). */
export interface CustomerFirstOrderTable {
  customer_id: number;
  order_id: number;
  date_created_gmt: string;
}

/** Each customer's all-time order aggregates, excluded statuses left out (migration 006). */
export interface CustomerTotalsTable {
  customer_id: number;
  /** Counted orders (refunds not counted). */
  orders_count: number;
  /** Sum of total_sales, refunds included (money units). */
  total_spend: number;
  /** Local creation date of the latest counted order. */
  date_last_order: string | null;
  /** Generated: total_spend / orders_count, 0 without orders. */
  avg_order_value: Generated<number>;
  /** Sum of the positive total_sales rows: a bound on the spend within any date range. */
  gross_spend: Generated<number>;
  /** The profit sums (migration 046): net sales, items sold and the line measures. */
  net_total: Generated<number>;
  num_items_sold: Generated<number>;
  cost_of_goods: Generated<number>;
  costed_items: Generated<number>;
  costed_net: Generated<number>;
  /**
   * Generated: net_total - cost_of_goods, NULL (unknown) when items were sold and none had a
   * known cost (the customers list's gross profit sort).
   */
  gross_profit: Generated<number | null>;
}

/** The excluded statuses (JSON, sorted) customer_totals was computed with (migration 006). */
export interface CustomerTotalsStateTable {
  id: number;
  excluded_statuses: string;
}

/** A guest counted as the registered customer of the same e-mail (migration 037). */
export interface CustomerPersonTable {
  customer_id: number;
  person: number;
}

/** A person's lifetime figures under customer_time_state's settings (migration 037). */
export interface PersonSummaryTable {
  person: number;
  first_at: string;
  last_at: string;
  orders: number;
  net: number;
  /** The first counted order's id: earliest, then the lowest id (migration 044). */
  first_order: number | null;
}

/**
 * A cohort's figures in one period (grain w, m, q or y; period '' holds the cohort's size in
 * `customers`), migration 037.
 */
export interface CohortTotalsTable {
  grain: string;
  cohort: string;
  period: string;
  customers: number;
  orders: number;
  net: number;
}

/** cohort_totals' cells per local day of the period (migration 050). */
export interface CohortDaysTable {
  grain: string;
  day: string;
  cohort: string;
  customers: number;
  orders: number;
  net: number;
}

/** cohort_totals' cells per day of the first order (migration 050). */
export interface CohortFirstDaysTable {
  grain: string;
  first_day: string;
  period: string;
  customers: number;
  orders: number;
  net: number;
}

/** The settings (JSON) the customers-over-time tables were built under (migration 037). */
export interface CustomerTimeStateTable {
  id: number;
  settings: string;
}

/** One RFM group's customers and net sales at the end of a day (migration 048). */
export interface RfmDayTable {
  day: string;
  /** The group's index in RFM_GROUPS (analytics/cohorts.ts). */
  grp: number;
  customers: number;
  net: number;
}

/**
 * One RFM group one period (grain w, m, q or y) before a day: its customers then, and those
 * of them in the same group at the day's end (migration 048).
 */
export interface RfmMoveTable {
  day: string;
  grain: string;
  grp: number;
  previous: number;
  stayed: number;
}

/**
 * A day's RFM cut points (migration 048): the value at each quintile's edge of the last order
 * time, the orders and the net sales, k = 1 to 4 (analytics/cohorts.ts, `cutPositions`).
 */
export interface RfmCutTable {
  day: string;
  last_1: string;
  last_2: string;
  last_3: string;
  last_4: string;
  orders_1: number;
  orders_2: number;
  orders_3: number;
  orders_4: number;
  net_1: number;
  net_2: number;
  net_3: number;
  net_4: number;
}

/** The settings (JSON) and the days the kept RFM groups cover (migration 048). */
export interface RfmStateTable {
  id: number;
  settings: string;
  first_day: string;
  last_day: string;
  /** The token of the sweep that wrote the kept days (migration 049). */
  sweep: Generated<string>;
}

/** The earliest day an ingestion batch changed since the last RFM sweep (migration 048). */
export interface RfmMarksTable {
  id: Generated<number>;
  day: string;
}

/** An index a bulk load dropped, with the SQL that builds it again (db/bulk.ts). */
export interface DeferredIndexTable {
  name: string;
  definition: string;
}

export interface Database {
  options: OptionTable;
  categories: CategoryTable;
  attributes: AttributeTable;
  attribute_terms: AttributeTermTable;
  products: ProductTable;
  product_categories: ProductCategoryTable;
  product_attributes: ProductAttributeTable;
  product_downloads: ProductDownloadTable;
  customers: CustomerTable;
  coupons: CouponTable;
  tax_rates: TaxRateTable;
  orders: OrderTable;
  order_items: OrderItemTable;
  order_coupon_lines: OrderCouponLineTable;
  order_tax_lines: OrderTaxLineTable;
  order_fee_lines: OrderFeeLineTable;
  order_attribution: OrderAttributionTable;
  product_costs: ProductCostTable;
  entered_costs: EnteredCostTable;
  download_log: DownloadLogTable;
  download_day: DownloadDayTable;
  coupon_order_day: CouponOrderDayTable;
  source_day: SourceDayTable;
  source_first_day: SourceFirstDayTable;
  order_stats: OrderStatsTable;
  order_product_lookup: OrderProductLookupTable;
  order_coupon_lookup: OrderCouponLookupTable;
  order_tax_lookup: OrderTaxLookupTable;
  revenue_hour: RevenueRollupTable;
  revenue_day: RevenueRollupTable;
  product_month: ProductMonthTable;
  variation_month: VariationMonthTable;
  category_month: CategoryMonthTable;
  category_day: CategoryDayTable;
  item_day: ItemDayTable;
  item_visits: ItemVisitsTable;
  coupon_month: CouponMonthTable;
  tax_month: TaxMonthTable;
  product_day: ProductDayTable;
  variation_day: VariationDayTable;
  coupon_day: CouponDayTable;
  tax_day: TaxDayTable;
  customer_first_order: CustomerFirstOrderTable;
  customer_totals: CustomerTotalsTable;
  customer_totals_state: CustomerTotalsStateTable;
  customer_persons: CustomerPersonTable;
  person_summary: PersonSummaryTable;
  cohort_totals: CohortTotalsTable;
  cohort_days: CohortDaysTable;
  cohort_first_days: CohortFirstDaysTable;
  customer_time_state: CustomerTimeStateTable;
  rfm_day: RfmDayTable;
  rfm_move: RfmMoveTable;
  rfm_cut: RfmCutTable;
  rfm_state: RfmStateTable;
  rfm_marks: RfmMarksTable;
  deferred_indexes: DeferredIndexTable;
}

/**
 * Every analytics table: rows derived from the source tables by ingestion, which the import
 * rebuilds and `delete` empties (ingest/rebuild.ts), and which the rebuild and idempotence
 * tests compare row by row. A table added to the analytics gets listed here once.
 */
export const ANALYTICS_TABLES = [
  'order_stats',
  'order_product_lookup',
  'order_coupon_lookup',
  'order_tax_lookup',
  'revenue_hour',
  'revenue_day',
  'product_month',
  'variation_month',
  'category_month',
  'category_day',
  'item_day',
  'item_visits',
  'coupon_month',
  'tax_month',
  'product_day',
  'variation_day',
  'coupon_day',
  'tax_day',
  'customer_first_order',
  'customer_totals',
  'customer_persons',
  'person_summary',
  'cohort_totals',
  'cohort_days',
  'cohort_first_days',
  'source_day',
  'source_first_day',
] as const satisfies readonly (keyof Database)[];

/* ---- admin services (migration 002) ---- */

/** Inbox notes; `actions` and `content_data` are JSON text. */
export interface AdminNoteTable {
  id: number;
  name: string;
  type: string;
  locale: string;
  title: string;
  content: string;
  content_data: string;
  status: string;
  source: string;
  date_created: string;
  date_created_gmt: string;
  date_reminder: string | null;
  date_reminder_gmt: string | null;
  is_snoozable: number;
  layout: string;
  image: string;
  is_deleted: number;
  is_read: number;
  actions: string;
}

/** Navigation favorites per user, in the order they were added. */
export interface NavigationFavoriteTable {
  user_id: number;
  item_id: string;
  position: number;
}

/** Installed/active state of catalog plugins (absent row: neither). */
export interface PluginStateTable {
  slug: string;
  installed: number;
  active: number;
  install_time: string | null;
}

/** Product reviews (WC v3 shape). */
export interface ProductReviewTable {
  id: number;
  product_id: number;
  status: string;
  reviewer: string;
  reviewer_email: string;
  review: string;
  rating: number;
  verified: number;
  date_created: string;
  date_created_gmt: string;
}

/** Background jobs (export, import): params and progress are JSON text, kept per step. */
export interface AdminJobTable {
  id: string;
  kind: string;
  status: string;
  params: string;
  progress: string;
  error: string | null;
  created_gmt: string;
  updated_gmt: string;
  /** The process that holds the job (migration 016); null when nobody does. */
  owner: string | null;
  /** Epoch ms when the owner's claim lapses unless renewed. */
  lease_until_ms: number | null;
}

/** The admin tables (interface merging appends them to the database above). */
/** An index a bulk load dropped, with the SQL that builds it again (db/bulk.ts). */
export interface DeferredIndexTable {
  name: string;
  definition: string;
}

export interface Database {
  admin_notes: AdminNoteTable;
  navigation_favorites: NavigationFavoriteTable;
  plugin_state: PluginStateTable;
  product_reviews: ProductReviewTable;
  admin_jobs: AdminJobTable;
  leases: LeaseTable;
}

/** A named claim held by one process until `until_ms` unless renewed (migration 016). */
export interface LeaseTable {
  name: string;
  owner: string;
  until_ms: number;
}

/** Accounts (migration 012). `password_hash` is '' while an invitation is pending. */
export interface UserTable {
  id: number;
  email: string;
  name: string;
  role: string;
  password_hash: string;
  status: string;
  /** woocommerce_meta: JSON object of JSON strings. */
  meta: string;
  created_gmt: string;
  last_login_gmt: string | null;
}

/** A login session; the cookie holds the token, the table its SHA-256. */
export interface UserSessionTable {
  token_hash: string;
  user_id: number;
  nonce: string;
  created_gmt: string;
  expires_gmt: string;
}

/**
 * WordPress-style application passwords, as API keys: `key_id` is the key's public first part
 * (unique), `password_hash` `sha256$` and the SHA-256 of the whole key. Keys made before
 * migration 030 have no id and an scrypt hash: they are listed, to be replaced, and refused.
 */
export interface ApplicationPasswordTable {
  uuid: string;
  user_id: number;
  name: string;
  key_id: string | null;
  password_hash: string;
  created_gmt: string;
  last_used_gmt: string | null;
}

/** One-time tokens: first-run setup, invitations, password resets (SHA-256 of the token). */
export interface UserTokenTable {
  token_hash: string;
  kind: string;
  user_id: number | null;
  expires_gmt: string;
}

/** Fixed-window counters of the rate limits (auth/throttle.ts). */
export interface RateLimitTable {
  key: string;
  window_start_ms: number;
  hits: number;
}

/** Failed tries per account and client address, with exponential backoff (auth/throttle.ts). */
export interface LoginBackoffTable {
  key: string;
  tries: number;
  last_ms: number;
  next_ms: number;
}

export interface Database {
  users: UserTable;
  user_sessions: UserSessionTable;
  application_passwords: ApplicationPasswordTable;
  user_tokens: UserTokenTable;
  rate_limits: RateLimitTable;
  login_backoff: LoginBackoffTable;
}

import type {
  CategoriesListRow,
  CouponsListRow,
  CustomersListRow,
  DownloadsListRow,
  OrdersListRow,
  ProductsListRow,
  RevenueStatsResponse,
  revenueStatsFields,
  SourcesListRow,
  StockListRow,
  TaxesListRow,
  VariationsListRow,
} from '@storelens/api';
import type { Db } from '../db/database';
import { ApiError } from '../errors';
import { validateQuery } from '../routes/query-validation';
import { isTrue, runReport } from '../routes/report-definition';
import { answerReport, type ReportReaderUser, reportCacheName } from '../routes/report-route';
import { reportDefinition } from '../routes/reports';
import { productNamesAt } from './stock';

type Leaf = string | number | boolean | null | undefined;

/**
 * The dot paths into a row type, up to four keys deep (`net_total`, `extended_info.name`,
 * `subtotals.net_revenue`, an array's items by index: `_embedded.product.0.name`). For an
 * untyped row (`Record<string, unknown>`) any text.
 */
export type RowPath<Row, Depth extends unknown[] = []> = Depth['length'] extends 4
  ? never
  : NonNullable<Row> extends readonly (infer Item)[]
    ? `${number}` | `${number}.${RowPath<Item, [...Depth, 1]>}`
    : NonNullable<Row> extends Leaf
      ? never
      : {
          [K in keyof NonNullable<Row> & string]-?:
            | K
            | `${K}.${RowPath<NonNullable<Row>[K], [...Depth, 1]>}`;
        }[keyof NonNullable<Row> & string];

/**
 * One CSV column: where its value sits in a report row (a dot path of the report's row type
 * from packages/api, so renaming a field breaks the build) and its header.
 */
export interface ExportColumn<Row = Record<string, unknown>> {
  key: RowPath<Row>;
  header: string;
}

/** Columns typed by `Row`, kept as the untyped columns a source lists. */
const columnsOf = <Row>(columns: readonly ExportColumn<Row>[]): readonly ExportColumn[] =>
  columns as readonly ExportColumn[];

/** One page of export rows. */
export interface ExportPage {
  page: number;
  totalPages: number;
  rows: Record<string, unknown>[];
  /** Totals over the whole request, when the report has them (stats). */
  totals?: Record<string, unknown>;
}

/** What a report request answered. */
export interface ReportAnswer {
  status: number;
  body: unknown;
  totalPages: number;
  total: number;
}

/** Reads a report by its route's path, with the same validation, filters and cache. */
export interface ReportReader {
  (path: string, query: Record<string, unknown>): Promise<ReportAnswer>;
  /** The store the reports are read from, for what a source reads beside them (see downloads). */
  readonly db: Db;
}

/**
 * Reads the reports of `db` directly: the report at the path in the registry
 * (routes/reports.ts), its arguments checked and coerced by its route's query schema as the
 * route would (`validateQuery`: a refused argument answers the route's 400 body), its
 * parameters built by the same builder, in the same report cache (`answerReport`). `user`
 * is whose saved segments the reads may use (none: every one). `query` joins every read's
 * arguments (the worker thread's reads add `force_cache_refresh`).
 */
export function directReader(
  db: Db,
  options: { user?: ReportReaderUser; query?: Record<string, string> } = {},
): ReportReader {
  const read = async (path: string, args: Record<string, unknown>): Promise<ReportAnswer> => {
    const def = reportDefinition(path);
    if (!def) throw new Error(`No report at ${path}`);
    try {
      const q = validateQuery<{ force_cache_refresh?: string | boolean }>(def.query, {
        ...args,
        ...options.query,
      });
      const { answer } = await answerReport(
        db,
        reportCacheName(def.path),
        q,
        options.user,
        runReport(def),
        {
          ...(def.cache === false ? { cache: false } : {}),
          ...(def.dateType ? { dateType: def.dateType } : {}),
          refresh: isTrue(q.force_cache_refresh),
        },
      );
      return {
        status: 200,
        body: answer.body,
        totalPages: answer.totalPages ?? 1,
        total: answer.total ?? 0,
      };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return { status: error.status, body: error.toBody(), totalPages: 1, total: 0 };
    }
  };
  return Object.assign(read, { db });
}

/**
 * Where an export reads a report: its columns, and its rows page by page from any page (so a
 * resumed job continues where it stopped). Report types plug in with
 * {@link registerReportSource}.
 */
export interface ReportSource {
  columns: readonly ExportColumn[];
  /** The first page, or the error answer when the report refuses the arguments. */
  page(
    read: ReportReader,
    args: Record<string, unknown>,
    page: number,
  ): Promise<ExportPage | ReportAnswer>;
  /** True when the first page shows nothing to export. */
  isEmpty(first: ExportPage): boolean;
}

/** The value at a dot path; lists of objects become their names or codes joined by ", ". */
export function valueAt(row: unknown, path: string): unknown {
  let value: unknown = row;
  for (const key of path.split('.')) {
    value =
      value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  }
  if (Array.isArray(value)) {
    return value
      .map((v) =>
        v && typeof v === 'object'
          ? String((v as Record<string, unknown>).name ?? (v as Record<string, unknown>).code ?? '')
          : String(v),
      )
      .join(', ');
  }
  return value ?? '';
}

const PER_PAGE = 100;

/**
 * A list report (`/reports/{type}`) read 100 rows a page, with extended info unless the report
 * has none: the taxes, stock and customers lists take no `extended_info` parameter and refuse
 * it, which made every export of them fail.
 */
export function listSource<Row = Record<string, unknown>>(
  type: string,
  columns: readonly ExportColumn<Row>[],
  options: { extendedInfo?: boolean } = {},
): ReportSource {
  const extended = options.extendedInfo === false ? {} : { extended_info: 'true' };
  return {
    columns: columnsOf(columns),
    async page(read, args, page) {
      const answer = await read(`/wp-json/wc-analytics/reports/${type}`, {
        ...args,
        ...extended,
        page: String(page),
        per_page: String(PER_PAGE),
      });
      if (answer.status !== 200) return answer;
      const rows = Array.isArray(answer.body) ? (answer.body as Record<string, unknown>[]) : [];
      return { page, totalPages: Math.max(1, answer.totalPages), rows };
    },
    isEmpty: (first) => first.rows.length === 0,
  };
}

/** The gross profit columns of a product, variation or category row (docs/metrics.md, "Profit"). */
const grossProfitColumns = [
  { key: 'cost_of_goods', header: 'Cost of goods' },
  { key: 'gross_profit', header: 'Gross profit' },
  { key: 'gross_margin', header: 'Gross margin' },
  { key: 'cost_coverage', header: 'Cost known (items)' },
] as const;

/** Every profit column of a revenue interval or an orders row. */
const profitColumns = [
  { key: 'cost_of_goods', header: 'Cost of goods' },
  { key: 'payment_fees', header: 'Payment fees' },
  { key: 'gross_profit', header: 'Gross profit' },
  { key: 'net_profit', header: 'Net profit' },
  { key: 'gross_margin', header: 'Gross margin' },
  { key: 'net_margin', header: 'Net margin' },
  { key: 'cost_coverage', header: 'Cost known (items)' },
] as const;

/** `columns` with their keys under `prefix.` (a revenue interval's `subtotals`). */
const under = <P extends string, K extends string>(
  prefix: P,
  columns: readonly { key: K; header: string }[],
) => columns.map((c) => ({ key: `${prefix}.${c.key}` as `${P}.${K}`, header: c.header }));

/** Revenue: one row per interval of revenue stats (default interval day). */
/** A revenue stats interval, the row of the revenue export: its dates and its subtotals. */
type RevenueInterval = Omit<RevenueStatsResponse['intervals'][number], 'subtotals'> & {
  subtotals: Partial<Record<Exclude<(typeof revenueStatsFields)[number], 'products'>, number>>;
};

export const revenueSource: ReportSource = {
  columns: columnsOf<RevenueInterval>([
    { key: 'date_start', header: 'Date' },
    { key: 'subtotals.orders_count', header: 'Orders' },
    { key: 'subtotals.gross_sales', header: 'Gross sales' },
    { key: 'subtotals.total_sales', header: 'Total sales' },
    { key: 'subtotals.refunds', header: 'Returns' },
    { key: 'subtotals.coupons', header: 'Coupons' },
    { key: 'subtotals.taxes', header: 'Taxes' },
    { key: 'subtotals.shipping', header: 'Shipping' },
    { key: 'subtotals.net_revenue', header: 'Net sales' },
    ...under('subtotals', profitColumns),
  ]),
  async page(read, args, page) {
    const answer = await read('/wp-json/wc-analytics/reports/revenue/stats', {
      interval: 'day',
      ...args,
      page: String(page),
      per_page: String(PER_PAGE),
    });
    if (answer.status !== 200) return answer;
    const body = answer.body as {
      intervals?: Record<string, unknown>[];
      totals?: Record<string, unknown>;
    };
    return {
      page,
      totalPages: Math.max(1, answer.totalPages),
      rows: body.intervals ?? [],
      ...(body.totals ? { totals: body.totals } : {}),
    };
  },
  isEmpty: (first) =>
    !first.totals ||
    (first.totals.orders_count === 0 &&
      first.totals.total_sales === 0 &&
      first.totals.refunds === 0),
};

/**
 * A downloads row with the product its `product` link points to embedded, as WordPress's
 * `_embed` would (WooCommerce's export reads the title there): `{ name }` of what
 * `GET /wc-analytics/products/{id}` answers, none where that is a 404.
 */
type DownloadsExportRow = DownloadsListRow & { _embedded: { product: { name: string }[] } };

const downloadsList = listSource<DownloadsExportRow>('downloads', [
  { key: 'date', header: 'Date' },
  { key: '_embedded.product.0.name', header: 'Product title' },
  { key: 'file_name', header: 'File name' },
  { key: 'order_number', header: 'Order #' },
  { key: 'username', header: 'User name' },
  { key: 'ip_address', header: 'IP' },
]);

/**
 * Downloads: the list's rows with their products embedded. The route embeds nothing (its
 * `_embed` adds nothing), and the list reads no product names, so each page's are read here,
 * in one query for the page's product ids (`productNamesAt`, the read behind the link).
 */
const downloadsSource: ReportSource = {
  ...downloadsList,
  async page(read, args, page) {
    const answer = await downloadsList.page(read, args, page);
    if (!('rows' in answer)) return answer;
    const rows = answer.rows as DownloadsListRow[];
    const names = await productNamesAt(
      read.db,
      rows.map((row) => row.product_id),
    );
    return {
      ...answer,
      rows: rows.map((row): DownloadsExportRow => {
        const name = names.get(row.product_id);
        return { ...row, _embedded: { product: name === undefined ? [] : [{ name }] } };
      }),
    };
  },
};

const sources = new Map<string, ReportSource>([
  ['revenue', revenueSource],
  [
    'orders',
    listSource<OrdersListRow>('orders', [
      { key: 'date_created', header: 'Date' },
      { key: 'order_number', header: 'Order #' },
      { key: 'status', header: 'Status' },
      { key: 'customer_type', header: 'Customer type' },
      { key: 'extended_info.products', header: 'Product(s)' },
      { key: 'num_items_sold', header: 'Items sold' },
      { key: 'extended_info.coupons', header: 'Coupon(s)' },
      { key: 'net_total', header: 'Net sales' },
      { key: 'cost_of_goods', header: 'Cost of goods' },
      ...profitColumns.slice(1),
    ]),
  ],
  [
    'products',
    listSource<ProductsListRow>('products', [
      { key: 'extended_info.name', header: 'Product title' },
      { key: 'extended_info.sku', header: 'SKU' },
      { key: 'items_sold', header: 'Items sold' },
      { key: 'net_revenue', header: 'N. revenue' },
      { key: 'orders_count', header: 'Orders' },
      { key: 'extended_info.stock_status', header: 'Status' },
      { key: 'extended_info.stock_quantity', header: 'Stock' },
      ...grossProfitColumns,
    ]),
  ],
  [
    'variations',
    listSource<VariationsListRow>('variations', [
      { key: 'extended_info.name', header: 'Product / Variation title' },
      { key: 'extended_info.sku', header: 'SKU' },
      { key: 'items_sold', header: 'Items sold' },
      { key: 'net_revenue', header: 'N. revenue' },
      { key: 'orders_count', header: 'Orders' },
      { key: 'extended_info.stock_status', header: 'Status' },
      { key: 'extended_info.stock_quantity', header: 'Stock' },
      ...grossProfitColumns,
    ]),
  ],
  [
    'categories',
    listSource<CategoriesListRow>('categories', [
      { key: 'extended_info.name', header: 'Category' },
      { key: 'items_sold', header: 'Items sold' },
      { key: 'net_revenue', header: 'Net revenue' },
      { key: 'products_count', header: 'Products' },
      { key: 'orders_count', header: 'Orders' },
      ...grossProfitColumns,
    ]),
  ],
  [
    'coupons',
    listSource<CouponsListRow>('coupons', [
      { key: 'extended_info.code', header: 'Coupon code' },
      { key: 'orders_count', header: 'Orders' },
      { key: 'amount', header: 'Amount discounted' },
      // Of the orders that used the coupon, with their refunds (docs/metrics.md, "Coupons").
      { key: 'net_revenue', header: 'Net sales' },
      ...profitColumns,
      { key: 'extended_info.date_created', header: 'Created' },
      { key: 'extended_info.date_expires', header: 'Expires' },
      { key: 'extended_info.discount_type', header: 'Type' },
    ]),
  ],
  [
    'taxes',
    listSource<TaxesListRow>(
      'taxes',
      [
        { key: 'tax_code', header: 'Tax code' },
        { key: 'tax_rate', header: 'Rate' },
        { key: 'total_tax', header: 'Total tax' },
        { key: 'order_tax', header: 'Order tax' },
        { key: 'shipping_tax', header: 'Shipping tax' },
        { key: 'orders_count', header: 'Orders' },
      ],
      { extendedInfo: false },
    ),
  ],
  ['downloads', downloadsSource],
  [
    'stock',
    listSource<StockListRow>(
      'stock',
      [
        { key: 'name', header: 'Product / Variation' },
        { key: 'sku', header: 'SKU' },
        { key: 'stock_status', header: 'Status' },
        { key: 'stock_quantity', header: 'Stock' },
      ],
      { extendedInfo: false },
    ),
  ],
  [
    'sources',
    listSource<SourcesListRow>(
      'sources',
      [
        { key: 'label', header: 'Source' },
        { key: 'value', header: 'Value' },
        { key: 'orders_count', header: 'Orders' },
        { key: 'net_revenue', header: 'Net sales' },
        { key: 'new_customers', header: 'New customers' },
        { key: 'avg_order_value', header: 'AOV' },
        { key: 'orders_share', header: 'Share of orders (%)' },
        { key: 'first_customers', header: 'First customers' },
        { key: 'repeat_customers', header: 'Repeat customers' },
        { key: 'repeat_rate', header: 'Repeat rate' },
        ...profitColumns,
      ],
      { extendedInfo: false },
    ),
  ],
  [
    'customers',
    listSource<CustomersListRow>(
      'customers',
      [
        { key: 'name', header: 'Name' },
        { key: 'username', header: 'Username' },
        { key: 'date_last_active', header: 'Last active' },
        { key: 'date_registered', header: 'Sign up' },
        { key: 'email', header: 'Email' },
        { key: 'orders_count', header: 'Orders' },
        { key: 'total_spend', header: 'Total spend' },
        { key: 'avg_order_value', header: 'AOV' },
        { key: 'cost_of_goods', header: 'Cost of goods' },
        { key: 'gross_profit', header: 'Gross profit' },
        { key: 'cost_coverage', header: 'Cost known (items)' },
        { key: 'country', header: 'Country / Region' },
        { key: 'city', header: 'City' },
        { key: 'state', header: 'Region' },
        { key: 'postcode', header: 'Postal code' },
      ],
      { extendedInfo: false },
    ),
  ],
]);

/** The sources this module defines, which every thread has (a worker thread reads these). */
const builtIn = new Map(sources);

/** Adds (or replaces) the export source of a report type. */
export function registerReportSource(type: string, source: ReportSource): void {
  sources.set(type, source);
}

/** True when `type`'s source is the one this module defines (not replaced at run time). */
export function builtInSource(type: string): boolean {
  return sources.get(type) !== undefined && sources.get(type) === builtIn.get(type);
}

/** The export source of a report type, if one is registered. */
export function reportSource(type: string): ReportSource | undefined {
  return sources.get(type);
}

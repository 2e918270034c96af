import { type QueryInputValue, stringifyQuery } from '@storelens/navigation';
import type { FastifyInstance } from 'fastify';
/** One CSV column: where its value sits in a report row (dot path) and its header. */
export interface ExportColumn {
  key: string;
  header: string;
}

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

/** Reads a report route in-process (the same validation, filters and cache as the client gets). */
export type ReportReader = (path: string, query: Record<string, unknown>) => Promise<ReportAnswer>;

/**
 * Reads the report routes of an app in-process (after it is ready). `headers` go with every
 * request (the server's own app needs its internal credential to pass the auth hook); `query`
 * joins every request's parameters.
 */
export function injectReader(
  app: FastifyInstance,
  options: { headers?: () => Record<string, string>; query?: Record<string, string> } = {},
): ReportReader {
  return async (path, query) => {
    const qs = toQueryString({ ...query, ...options.query });
    const res = await app.inject({
      method: 'GET',
      url: qs ? `${path}?${qs}` : path,
      headers: options.headers?.() ?? {},
    });
    let body: unknown = null;
    try {
      body = res.json();
    } catch {
      body = res.body;
    }
    return {
      status: res.statusCode,
      body,
      totalPages: Number(res.headers['x-wp-totalpages'] ?? 1),
      total: Number(res.headers['x-wp-total'] ?? 0),
    };
  };
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
export function listSource(
  type: string,
  columns: readonly ExportColumn[],
  options: { extendedInfo?: boolean } = {},
): ReportSource {
  const extended = options.extendedInfo === false ? {} : { extended_info: 'true' };
  return {
    columns,
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
const grossProfitColumns = (prefix = ''): ExportColumn[] => [
  { key: `${prefix}cost_of_goods`, header: 'Cost of goods' },
  { key: `${prefix}gross_profit`, header: 'Gross profit' },
  { key: `${prefix}gross_margin`, header: 'Gross margin' },
  { key: `${prefix}cost_coverage`, header: 'Cost known (items)' },
];

/** Every profit column of a revenue interval or an orders row. */
const profitColumns = (prefix = ''): ExportColumn[] => [
  { key: `${prefix}cost_of_goods`, header: 'Cost of goods' },
  { key: `${prefix}payment_fees`, header: 'Payment fees' },
  { key: `${prefix}gross_profit`, header: 'Gross profit' },
  { key: `${prefix}net_profit`, header: 'Net profit' },
  { key: `${prefix}gross_margin`, header: 'Gross margin' },
  { key: `${prefix}net_margin`, header: 'Net margin' },
  { key: `${prefix}cost_coverage`, header: 'Cost known (items)' },
];

/** Revenue: one row per interval of revenue stats (default interval day). */
export const revenueSource: ReportSource = {
  columns: [
    { key: 'date_start', header: 'Date' },
    { key: 'subtotals.orders_count', header: 'Orders' },
    { key: 'subtotals.gross_sales', header: 'Gross sales' },
    { key: 'subtotals.total_sales', header: 'Total sales' },
    { key: 'subtotals.refunds', header: 'Returns' },
    { key: 'subtotals.coupons', header: 'Coupons' },
    { key: 'subtotals.taxes', header: 'Taxes' },
    { key: 'subtotals.shipping', header: 'Shipping' },
    { key: 'subtotals.net_revenue', header: 'Net sales' },
    ...profitColumns('subtotals.'),
  ],
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

const sources = new Map<string, ReportSource>([
  ['revenue', revenueSource],
  [
    'orders',
    listSource('orders', [
      { key: 'date_created', header: 'Date' },
      { key: 'order_number', header: 'Order #' },
      { key: 'status', header: 'Status' },
      { key: 'customer_type', header: 'Customer type' },
      { key: 'extended_info.products', header: 'Product(s)' },
      { key: 'num_items_sold', header: 'Items sold' },
      { key: 'extended_info.coupons', header: 'Coupon(s)' },
      { key: 'net_total', header: 'Net sales' },
      { key: 'cost_of_goods', header: 'Cost of goods' },
      ...profitColumns().slice(1),
    ]),
  ],
  [
    'products',
    listSource('products', [
      { key: 'extended_info.name', header: 'Product title' },
      { key: 'extended_info.sku', header: 'SKU' },
      { key: 'items_sold', header: 'Items sold' },
      { key: 'net_revenue', header: 'N. revenue' },
      { key: 'orders_count', header: 'Orders' },
      { key: 'extended_info.stock_status', header: 'Status' },
      { key: 'extended_info.stock_quantity', header: 'Stock' },
      ...grossProfitColumns(),
    ]),
  ],
  [
    'variations',
    listSource('variations', [
      { key: 'extended_info.name', header: 'Product / Variation title' },
      { key: 'extended_info.sku', header: 'SKU' },
      { key: 'items_sold', header: 'Items sold' },
      { key: 'net_revenue', header: 'N. revenue' },
      { key: 'orders_count', header: 'Orders' },
      { key: 'extended_info.stock_status', header: 'Status' },
      { key: 'extended_info.stock_quantity', header: 'Stock' },
      ...grossProfitColumns(),
    ]),
  ],
  [
    'categories',
    listSource('categories', [
      { key: 'extended_info.name', header: 'Category' },
      { key: 'items_sold', header: 'Items sold' },
      { key: 'net_revenue', header: 'Net revenue' },
      { key: 'products_count', header: 'Products' },
      { key: 'orders_count', header: 'Orders' },
      ...grossProfitColumns(),
    ]),
  ],
  [
    'coupons',
    listSource('coupons', [
      { key: 'extended_info.code', header: 'Coupon code' },
      { key: 'orders_count', header: 'Orders' },
      { key: 'amount', header: 'Amount discounted' },
      { key: 'extended_info.date_created', header: 'Created' },
      { key: 'extended_info.date_expires', header: 'Expires' },
      { key: 'extended_info.discount_type', header: 'Type' },
    ]),
  ],
  [
    'taxes',
    listSource(
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
  [
    'downloads',
    listSource('downloads', [
      { key: 'date', header: 'Date' },
      { key: '_embedded.product.0.name', header: 'Product title' },
      { key: 'file_name', header: 'File name' },
      { key: 'order_number', header: 'Order #' },
      { key: 'username', header: 'User name' },
      { key: 'ip_address', header: 'IP' },
    ]),
  ],
  [
    'stock',
    listSource(
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
    listSource(
      'sources',
      [
        { key: 'label', header: 'Source' },
        { key: 'value', header: 'Value' },
        { key: 'orders_count', header: 'Orders' },
        { key: 'net_revenue', header: 'Net sales' },
        { key: 'new_customers', header: 'New customers' },
        { key: 'avg_order_value', header: 'AOV' },
        { key: 'orders_share', header: 'Share of orders (%)' },
        ...profitColumns(),
      ],
      { extendedInfo: false },
    ),
  ],
  [
    'customers',
    listSource(
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

/**
 * Turns report arguments into a query string with the client's writer (`stringifyQuery`):
 * lists as `a[]=`, lists of lists as `a[i][]=`. An object value (no report parameter takes
 * one) goes as its JSON text, as it always did, rather than as nested keys.
 */
export function toQueryString(query: Record<string, unknown>): string {
  const input: Record<string, QueryInputValue> = {};
  for (const [key, value] of Object.entries(query)) {
    input[key] =
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? JSON.stringify(value)
        : (value as QueryInputValue);
  }
  return stringifyQuery(input, { lists: 'brackets' });
}

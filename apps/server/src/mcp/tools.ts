/**
 * The MCP tools: read-only questions about the shop's reports. Every figure is the REST route's
 * own answer for the calling user (rest.ts); the tools add the date ranges the dashboard would
 * use (dates.ts), the comparison with an earlier range, exact differences (decimal.ts) and the
 * dashboard URL that shows the same figures.
 */

import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { BootSettings } from '@storelens/api';
import { intervalKinds } from '@storelens/api';
import { getAdminUrl, getNewPath } from '@storelens/navigation';
import { calculateDelta } from '@storelens/number';
import { z } from 'zod';
import {
  ITEM_REPORTS,
  ITEMS,
  type ItemsDefinition,
  isMoney,
  metricOf,
  SEARCH_TYPES,
  SEARCHES,
  type SearchType,
  STATS,
  STATS_REPORTS,
} from './catalog';
import {
  ArgumentError,
  COMPARES,
  type DateArgs,
  PERIODS,
  presetRanges,
  type ResolvedDates,
  resolveDates,
  type StoreClock,
} from './dates';
import { decimalText, difference } from './decimal';
import { explainMetric, glossaryFields } from './glossary';
import { type Caller, RestError, restGet } from './rest';

/** What every tool works with: the caller's credentials, the store settings, the base URL. */
export interface ToolContext {
  caller: Caller;
  /** The dashboard's boot settings (clock, currency, date type), read per request. */
  settings: () => Promise<BootSettings>;
  /** Where users reach the server: STORELENS_PUBLIC_URL, else the address the request came to. */
  origin: string;
}

/** The dashboard URL of an in-app path and query. */
export function dashboardUrl(origin: string, path: string, query: Record<string, string>): string {
  return `${origin.replace(/\/+$/, '')}${getAdminUrl()}${getNewPath(query, path, {})}`;
}

const clockOf = (s: BootSettings): StoreClock => ({
  timezone: s.timezone,
  startOfWeek: s.startOfWeek,
  defaultDateRange: s.defaultDateRange,
});

const currencyOf = (s: BootSettings) => ({
  code: s.currency.code,
  symbol: s.currency.symbol,
  decimals: s.currency.precision,
});

/** A successful answer: the JSON as text (for any client) and as structured content. */
function answer(value: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value };
}

/**
 * A refused call: a REST refusal keeps its code and the `params` naming each bad argument (the
 * tools' argument names are the REST parameter names); a date argument names itself.
 */
function failure(error: unknown): CallToolResult {
  let body: { code: string; status: number; message: string; params: Record<string, string> };
  if (error instanceof ArgumentError)
    body = {
      code: 'rest_invalid_param',
      status: 400,
      message: error.message,
      params: error.params,
    };
  else if (error instanceof RestError)
    body = { code: error.code, status: error.status, message: error.message, params: error.params };
  else throw error;
  const named = Object.entries(body.params).map(([name, why]) => `${name}: ${why}`);
  const text = named.length
    ? `Invalid argument${named.length > 1 ? 's' : ''} (${body.code}): ${named.join(' ')}`
    : `${body.message} (${body.code}, HTTP ${body.status})`;
  return {
    isError: true,
    content: [{ type: 'text', text }],
    structuredContent: { error: body },
  };
}

/** Runs a tool body; refusals become error results the model can read. */
async function guarded(run: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await run();
  } catch (error) {
    return failure(error);
  }
}

/** Paging figures of an answer page: never a silent cut. */
function paging(page: number, perPage: number, total: number, totalPages: number) {
  return {
    page,
    per_page: perPage,
    total,
    total_pages: totalPages,
    next_page: page < totalPages ? page + 1 : null,
  };
}

/** The comparison of one metric: both values, the exact difference, the dashboard's percent. */
function change(field: string, current: unknown, previous: unknown, places: number) {
  // A figure that cannot be known (a margin on no sales, a cost of goods with no known cost)
  // stays unknown: compared with anything, its change is unknown too, never a change from 0.
  if (current === null || previous === null)
    return { current, previous, difference: null, percent_change: null };
  const cur = typeof current === 'number' ? current : 0;
  const prev = typeof previous === 'number' ? previous : 0;
  const money = isMoney(field);
  return {
    current: money ? decimalText(cur, places) : cur,
    previous: money ? decimalText(prev, places) : prev,
    difference: difference(cur, prev, money ? places : 0),
    percent_change: calculateDelta(cur, prev),
  };
}

const without = (row: unknown, key: string) => {
  const { [key]: _, ...rest } = row as Record<string, unknown>;
  return rest;
};

const valueAt = (row: Record<string, unknown>, path: string): unknown =>
  path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], row);

const dateArgs = {
  period: z
    .enum(PERIODS)
    .optional()
    .describe(
      'Date range, as the dashboard date picker names it: today, yesterday, week (week to date), ' +
        'last_week, month (month to date), last_month, quarter (quarter to date), last_quarter, ' +
        'year (year to date), last_year, or custom (then give after and before). Weeks start on ' +
        "the store's week start; days are the store's time zone. Default: the store's default " +
        'range (resource storelens://settings).',
    ),
  after: z
    .string()
    .optional()
    .describe(
      'First day of a custom range, YYYY-MM-DD (store time zone). after and before without ' +
        'period mean period custom.',
    ),
  before: z
    .string()
    .optional()
    .describe('Last day of a custom range (included), YYYY-MM-DD (store time zone).'),
  compare: z
    .enum(COMPARES)
    .optional()
    .describe(
      'Compare with previous_period (the same length of time just before: last_month → the ' +
        'month before it) or previous_year (the same days a year earlier), computed as the ' +
        "dashboard does; none for no comparison. Default: the store's default comparison.",
    ),
};

const pageArgs = (what: string, defaultPerPage: number) => ({
  page: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe(`Page of ${what}, from 1 (default 1). Answers say total_pages and next_page.`),
  per_page: z
    .number()
    .int()
    .min(1)
    .max(100)
    .optional()
    .describe(`${what} per page, 1 to 100 (default ${defaultPerPage}).`),
});

const orderbyHelp = ITEM_REPORTS.map(
  (r) => `${r}: ${ITEMS[r].orderby.join(', ')} (default ${ITEMS[r].defaultOrderby})`,
).join('; ');

const READ_ONLY = { readOnlyHint: true, idempotentHint: true, openWorldHint: false } as const;

/** The range part of an answer. */
const rangesOf = (dates: ResolvedDates) => ({
  range: dates.primary,
  compare_range: dates.secondary,
});

/** Registers the tools on a server made for one request (server.ts). */
export function registerTools(server: McpServer, context: ToolContext): void {
  const { caller, origin } = context;

  server.registerTool(
    'list_reports',
    {
      title: 'List reports and metrics',
      description:
        "Lists the shop analytics reports Storelens has, with each report's metrics (field, label, " +
        'kind: money in the store currency, count, average, or share: a fraction, 0.25 = 25%, ' +
        'null when unknowable), which reports have totals over ' +
        'time (get_report_stats) and which rank records (get_report_items, with their orderby ' +
        "values), the date presets with today's days, the comparisons, the record types " +
        'search_records finds, and the store currency. Call it first when unsure which report ' +
        'or metric answers a question.',
      annotations: { title: 'List reports', ...READ_ONLY },
    },
    () =>
      guarded(async () => {
        const settings = await context.settings();
        const ids = [...new Set<string>([...STATS_REPORTS, ...ITEM_REPORTS])];
        const reports = ids.map((id) => {
          const stats = STATS[id as keyof typeof STATS];
          const items = ITEMS[id as keyof typeof ITEMS];
          const path = stats?.path ?? items!.path;
          return {
            id,
            title: stats?.title ?? items!.title,
            dashboard_url: dashboardUrl(origin, path, {}),
            stats: stats ? { metrics: stats.fields.map(metricOf) } : null,
            items: items
              ? {
                  metrics: items.metrics.map(metricOf),
                  orderby: items.orderby,
                  default_orderby: items.defaultOrderby,
                  dated: items.dated,
                  compare: items.idsParam !== undefined,
                }
              : null,
          };
        });
        return answer({
          reports,
          periods: [
            ...presetRanges(clockOf(settings)),
            { kind: 'custom', label: 'Custom', range: 'after … before (YYYY-MM-DD)' },
          ],
          default_range: settings.defaultDateRange,
          compare: COMPARES,
          intervals: intervalKinds,
          search_types: SEARCH_TYPES,
          currency: currencyOf(settings),
          date_type: settings.dateType,
        });
      }),
  );

  server.registerTool(
    'get_report_stats',
    {
      title: 'Report totals and intervals',
      description:
        "A report's totals and its values per interval (day, week…) over a date range, with the " +
        'same figures for the comparison range and, per metric, the exact difference and the ' +
        "percent change the dashboard shows. Use it for 'how much did we sell last month', " +
        "'orders this week against last year'. Money is in the store currency; differences are " +
        'exact decimal strings. Intervals are paged (page, per_page up to 100); totals always ' +
        'cover the whole range. dashboard_url opens the report on the same dates.',
      inputSchema: {
        report: z
          .enum(STATS_REPORTS)
          .describe(
            'revenue (sales: gross, net, total, returns, coupons, taxes, shipping), orders ' +
              '(orders, average order value, items per order), products, variations, ' +
              'categories (items sold, net sales, orders), coupons (amount discounted, ' +
              'discounted orders), taxes, downloads.',
          ),
        ...dateArgs,
        interval: z
          .enum(intervalKinds)
          .optional()
          .describe(
            'Bucket size of the intervals. Default and allowed values follow the dashboard: ' +
              'e.g. day or week for a month, up to year for a year.',
          ),
        fields: z
          .array(z.string().regex(/^[a-z0-9_]+$/))
          .max(50)
          .optional()
          .describe('Only these metrics (list_reports names them); default every metric.'),
        ...pageArgs('intervals', 100),
      },
      annotations: { title: 'Report stats', ...READ_ONLY },
    },
    (args) =>
      guarded(async () => {
        const settings = await context.settings();
        const report = STATS[args.report];
        const dates = resolveDates(args as DateArgs, clockOf(settings));
        const page = args.page ?? 1;
        const perPage = args.per_page ?? 100;
        const read = (range: { after: string; before: string }) =>
          restGet<{ totals: Record<string, unknown>; intervals: unknown[] }>(caller, report.route, {
            after: range.after,
            before: range.before,
            interval: dates.interval,
            order: 'asc',
            page,
            per_page: perPage,
            ...(args.fields?.length ? { fields: args.fields } : {}),
          });
        const [primary, secondary] = await Promise.all([
          read(dates.primary),
          dates.secondary ? read(dates.secondary) : undefined,
        ]);
        const places = settings.currency.precision;
        const totals = primary.body.totals;
        const changes = secondary
          ? Object.fromEntries(
              Object.keys(totals)
                .filter((f) => f !== 'segments')
                .map((f) => [f, change(f, totals[f], secondary.body.totals[f], places)]),
            )
          : null;
        const intervalPaging = (a: typeof primary) =>
          paging(page, perPage, a.total ?? a.body.intervals.length, a.totalPages ?? 1);
        return answer({
          report: report.id,
          title: report.title,
          ...rangesOf(dates),
          interval: dates.interval,
          allowed_intervals: dates.allowedIntervals,
          date_type: settings.dateType,
          currency: currencyOf(settings),
          metrics: Object.keys(totals)
            .filter((f) => f !== 'segments')
            .map(metricOf),
          totals,
          previous_totals: secondary?.body.totals ?? null,
          changes,
          intervals: primary.body.intervals,
          intervals_paging: intervalPaging(primary),
          previous_intervals: secondary?.body.intervals ?? null,
          previous_intervals_paging: secondary ? intervalPaging(secondary) : null,
          dashboard_url: dashboardUrl(origin, report.path, {
            ...dates.dashboardQuery,
            ...(args.fields?.length === 1 ? { chart: args.fields[0]! } : {}),
          }),
        });
      }),
  );

  server.registerTool(
    'get_report_items',
    {
      title: 'Top records of a report',
      description:
        'Ranks the records of a report by a metric over a date range: products, variations, ' +
        'categories, coupons, taxes, orders, or customers (customers: all-time figures, as the ' +
        'Customers report shows them; no date range). With a comparison, each record of the ' +
        "page also gets its figures in the comparison range and the change. Use it for 'top 5 " +
        "products by net sales last month', 'biggest orders this week'. Paged: page and " +
        'per_page (up to 100); the answer says total, total_pages and next_page, never cuts a ' +
        'list silently. dashboard_url opens the report table on the same dates and order.',
      inputSchema: {
        report: z.enum(ITEM_REPORTS).describe('Which records to rank.'),
        orderby: z
          .string()
          .optional()
          .describe(`The metric or column to rank by, per report: ${orderbyHelp}.`),
        order: z
          .enum(['desc', 'asc'])
          .optional()
          .describe('desc (largest first, the default) or asc.'),
        ...pageArgs('records', 10),
        ...dateArgs,
      },
      annotations: { title: 'Report items', ...READ_ONLY },
    },
    (args) =>
      guarded(async () => {
        const settings = await context.settings();
        const report = ITEMS[args.report];
        const page = args.page ?? 1;
        const perPage = args.per_page ?? 10;
        const orderby = args.orderby ?? report.defaultOrderby;
        const order = args.order ?? 'desc';
        let dates: ResolvedDates | null = null;
        if (report.dated) {
          if (!report.idsParam && args.compare && args.compare !== 'none')
            throw new ArgumentError({
              compare: `compare is not offered for ${report.id}: each row is one record; use get_report_stats for the comparison.`,
            });
          dates = resolveDates(
            { ...(args as DateArgs), ...(report.idsParam ? {} : { compare: 'none' }) },
            clockOf(settings),
          );
        } else {
          const given = (['period', 'after', 'before', 'compare'] as const).filter(
            (name) => args[name] !== undefined,
          );
          if (given.length)
            throw new ArgumentError(
              Object.fromEntries(
                given.map((name) => [
                  name,
                  `${name} is not read for ${report.id}: the ${report.title} report shows all-time figures.`,
                ]),
              ),
            );
        }
        const current = await restGet<Record<string, unknown>[]>(caller, report.route, {
          ...(dates ? { after: dates.primary.after, before: dates.primary.before } : {}),
          orderby,
          order,
          page,
          per_page: perPage,
          ...(report.extendedInfo ? { extended_info: 'true' } : {}),
        });
        const rows = current.body;
        const previous = await previousRows(caller, report, rows, dates, orderby);
        const places = settings.currency.precision;
        const items = rows.map((row, i) => {
          const id = row[report.idField];
          const before = previous?.get(String(id));
          const figures = previous
            ? Object.fromEntries(report.metrics.map((m) => [m, before?.[m] ?? 0]))
            : null;
          const view = recordView(report, row, dates);
          return {
            rank: (page - 1) * perPage + i + 1,
            id,
            name: valueAt(row, report.nameField) ?? null,
            row: without(row, '_links'),
            previous: figures,
            changes: figures
              ? Object.fromEntries(
                  report.metrics.map((m) => [m, change(m, row[m], figures[m], places)]),
                )
              : null,
            dashboard_url: view ? dashboardUrl(origin, view.path, view.query) : null,
          };
        });
        const pages = paging(page, perPage, current.total ?? rows.length, current.totalPages ?? 1);
        return answer({
          report: report.id,
          title: report.title,
          orderby,
          order,
          ...(dates ? rangesOf(dates) : { range: null, compare_range: null }),
          currency: currencyOf(settings),
          metrics: report.metrics.map(metricOf),
          items,
          paging: pages,
          ...(pages.next_page
            ? { more: `${pages.total - page * perPage} more; ask page ${pages.next_page}.` }
            : {}),
          dashboard_url: dashboardUrl(origin, report.path, {
            ...(dates?.dashboardQuery ?? {}),
            orderby,
            order,
            per_page: String(perPage),
            ...(page > 1 ? { paged: String(page) } : {}),
          }),
        });
      }),
  );

  server.registerTool(
    'search_records',
    {
      title: 'Find records by name',
      description:
        'Finds products, variations, categories, coupons, customers, orders or tax rates by ' +
        "name, code or number, as the dashboard's search boxes do, to learn a record's id or " +
        'details. Paged (page, per_page up to 100) with total and next_page. Each record has ' +
        'the dashboard_url of its report view.',
      inputSchema: {
        type: z.enum(SEARCH_TYPES).describe('What to search.'),
        search: z
          .string()
          .max(200)
          .optional()
          .describe('Text to look for (name, SKU, code, order number…); leave out to list all.'),
        searchby: z
          .enum(['name', 'username', 'email', 'all'])
          .optional()
          .describe('customers only: the field search looks in (default name).'),
        ...pageArgs('records', 10),
      },
      annotations: { title: 'Search records', ...READ_ONLY },
    },
    (args) =>
      guarded(async () => {
        const type: SearchType = args.type;
        if (args.searchby && type !== 'customers')
          throw new ArgumentError({ searchby: 'searchby is read for customers only.' });
        const page = args.page ?? 1;
        const perPage = args.per_page ?? 10;
        const search = SEARCHES[type];
        const found = await restGet<Record<string, unknown>[]>(caller, search.route, {
          ...(args.search ? { search: args.search } : {}),
          ...(args.searchby ? { searchby: args.searchby } : {}),
          page,
          per_page: perPage,
        });
        const records = found.body.map((row) => {
          const view = search.view(row);
          return {
            record: without(row, '_links'),
            dashboard_url: view ? dashboardUrl(origin, view.path, view.query) : null,
          };
        });
        return answer({
          type,
          search: args.search ?? null,
          records,
          paging: paging(page, perPage, found.total ?? records.length, found.totalPages ?? 1),
        });
      }),
  );

  server.registerTool(
    'explain_metric',
    {
      title: 'Explain a metric',
      description:
        "How a metric is computed, from Storelens's metric documentation (docs/metrics.md): " +
        'its names in the API, the database, the code and on screen, and its definition ' +
        "(what is summed, how refunds count). Use it before explaining what 'net sales', " +
        "'gross sales' or 'returns' mean to the user. Give the API field (net_revenue) or the " +
        'name (gross sales), and the report when the same field differs between reports.',
      inputSchema: {
        metric: z.string().min(1).max(100).describe('An API field or a metric name.'),
        report: z
          .enum([...new Set([...STATS_REPORTS, ...ITEM_REPORTS])] as [string, ...string[]])
          .optional()
          .describe('The report the metric is read from (optional).'),
      },
      annotations: { title: 'Explain metric', ...READ_ONLY },
    },
    (args) =>
      guarded(async () => {
        const found = explainMetric(args.metric, args.report);
        if (!found.glossary.length && !found.definitions.length)
          throw new ArgumentError({
            metric: `metric ${args.metric} is not in the glossary; known API fields: ${glossaryFields().join(', ')}.`,
          });
        const field = args.metric.trim().toLowerCase().replace(/\s+/g, '_');
        return answer({
          metric: args.metric,
          report: args.report ?? null,
          ...(/^[a-z0-9_]+$/.test(field) ? { kind: metricOf(field).kind } : {}),
          glossary: found.glossary,
          definitions: found.definitions,
          source: 'docs/metrics.md',
        });
      }),
  );
}

/**
 * The figures of a page's records in the comparison range: the list route again, limited to
 * exactly those records (`products[]`, `categories[]`…), keyed by record id.
 */
async function previousRows(
  caller: Caller,
  report: ItemsDefinition,
  rows: Record<string, unknown>[],
  dates: ResolvedDates | null,
  orderby: string,
): Promise<Map<string, Record<string, unknown>> | null> {
  if (!dates?.secondary || !report.idsParam) return null;
  const found = new Map<string, Record<string, unknown>>();
  if (!rows.length) return found;
  const ids = rows.map((row) => Number(row[report.idField]));
  const { body } = await restGet<Record<string, unknown>[]>(caller, report.route, {
    after: dates.secondary.after,
    before: dates.secondary.before,
    [report.idsParam]: ids,
    orderby,
    per_page: ids.length,
  });
  for (const row of body) found.set(String(row[report.idField]), row);
  return found;
}

/** The dashboard view of one ranked record, keeping the range (as the table's row links do). */
function recordView(
  report: ItemsDefinition,
  row: Record<string, unknown>,
  dates: ResolvedDates | null,
): { path: string; query: Record<string, string> } | undefined {
  const type = report.id as SearchType;
  const id = row[report.idField];
  const view = SEARCHES[type]?.view({ ...row, id });
  if (!view) return undefined;
  // An order's view is its own day; the others keep the report's range.
  if (report.id === 'orders' || !dates) return view;
  return { path: view.path, query: { ...dates.dashboardQuery, ...view.query } };
}

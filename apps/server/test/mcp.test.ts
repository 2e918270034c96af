import { readFileSync } from 'node:fs';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getCurrentDates, getIntervalForQuery } from '@storelens/date';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../src/auth/roles';
import {
  ITEM_REPORTS,
  ITEMS,
  SEARCH_TYPES,
  SEARCHES,
  STATS,
  STATS_REPORTS,
} from '../src/mcp/catalog';
import { metricsDocPath } from '../src/mcp/glossary';
import { RestError, restGet } from '../src/mcp/rest';
import { bootSettings } from '../src/web';
import { engines, signIn } from './harness';
import {
  call,
  dashboardDates,
  httpClient,
  type McpStore,
  moneyDifference,
  refusal,
  rest,
  startMcpStore,
  TOOL_NAMES,
  withoutLinks,
} from './mcp-helpers';

/*
 * The MCP server over Streamable HTTP, driven by the SDK's own client against the real app
 * listening on a port, on a demo store of a year of orders up to today: every tool answers the
 * REST API's figures for the same query and the same user, roles and credentials are the
 * routes' own, bad arguments are named, lists are paged.
 */

const LONG = 120_000;

for (const engine of engines) {
  describe(`MCP over Streamable HTTP [${engine}]`, () => {
    let store: McpStore;
    let admin: Client;
    let analyst: Client;
    /** Who each in-process REST request of the tools ran as (url, role, credential). */
    const seen: { url: string; who: string }[] = [];

    beforeAll(async () => {
      store = await startMcpStore(engine, {
        prepare: (app) =>
          app.addHook('preHandler', async (request) => {
            if (request.url.startsWith('/wp-json/'))
              seen.push({
                url: request.url,
                who: request.authUser
                  ? `${request.authUser.role} via ${request.authUser.via}`
                  : 'nobody',
              });
          }),
      });
      admin = await httpClient(store.base, store.basic.administrator);
      analyst = await httpClient(store.base, store.basic.analyst);
    }, LONG);
    afterAll(async () => {
      await admin?.close();
      await analyst?.close();
      await store?.close();
    });

    const restAs = (role: (typeof ROLES)[number], path: string, query: Record<string, unknown>) =>
      rest(store.base, path, query as never, store.basic[role]);

    it('offers the tools, resources and prompts, read-only', async () => {
      const tools = (await admin.listTools()).tools;
      expect(tools.map((t) => t.name).sort()).toEqual(TOOL_NAMES);
      for (const tool of tools) {
        expect(tool.annotations?.readOnlyHint).toBe(true);
        expect(tool.description!.length).toBeGreaterThan(100);
        expect(tool.inputSchema.type).toBe('object');
      }
      const stats = tools.find((t) => t.name === 'get_report_stats')!;
      const props = stats.inputSchema.properties as Record<string, { enum?: string[] }>;
      expect(props.report?.enum).toEqual([...STATS_REPORTS]);
      expect(props.period?.enum).toContain('last_month');
      expect(props.compare?.enum).toEqual(['previous_period', 'previous_year', 'none']);
      expect(stats.inputSchema.required).toEqual(['report']);

      const resources = (await admin.listResources()).resources.map((r) => r.uri).sort();
      expect(resources).toEqual(['storelens://metrics/glossary', 'storelens://settings']);
      const prompts = (await admin.listPrompts()).prompts.map((p) => p.name).sort();
      expect(prompts).toEqual(['weekly_review', 'why_sales_changed']);
    });

    it(
      'get_report_stats answers each report as its stats route, with the comparison',
      async () => {
        const query = { period: 'last_quarter', compare: 'previous_year' };
        const dates = await dashboardDates(store.db, query);
        const settings = await bootSettings(store.db);
        const interval = getIntervalForQuery(query, settings.defaultDateRange);
        for (const report of STATS_REPORTS) {
          const answer = await call(admin, 'get_report_stats', { report, ...query });
          const read = (range: { after: string; before: string }) =>
            restAs('administrator', STATS[report].route, {
              ...range,
              interval,
              order: 'asc',
              page: 1,
              per_page: 100,
            });
          const primary = await read(dates.primary);
          const secondary = await read(dates.secondary);
          const body = primary.body as { totals: Record<string, number>; intervals: unknown[] };
          const before = secondary.body as { totals: Record<string, number>; intervals: unknown[] };
          expect(answer.range).toMatchObject(dates.primary);
          expect(answer.compare_range).toMatchObject(dates.secondary);
          expect(answer.interval).toBe(interval);
          expect(answer.totals).toEqual(body.totals);
          expect(answer.intervals).toEqual(body.intervals);
          expect(answer.previous_totals).toEqual(before.totals);
          expect(answer.previous_intervals).toEqual(before.intervals);
          expect(answer.intervals_paging).toMatchObject({ total: primary.total, page: 1 });
          // Every change is exact: money at the store's decimals, from the smallest units.
          const changes = answer.changes as Record<
            string,
            { current: unknown; previous: unknown; difference: string; percent_change: unknown }
          >;
          for (const metric of answer.metrics as { field: string; kind: string }[]) {
            const c = changes[metric.field]!;
            const [cur, prev] = [body.totals[metric.field]!, before.totals[metric.field]!];
            if (cur === null || prev === null) {
              // An unknowable figure (a margin on no sales) has no change, never one from 0.
              expect(c.difference).toBeNull();
              expect(c.percent_change).toBeNull();
            } else if (metric.kind === 'money') {
              expect(c.difference).toBe(moneyDifference(cur, prev));
              expect(c.current).toBe(cur.toFixed(2));
            } else if (metric.kind === 'share') {
              // A fraction's difference is exact decimal text; the float subtraction is not.
              expect(Number(c.difference)).toBeCloseTo(cur - prev, 12);
            } else expect(Number(c.difference)).toBe(cur - prev);
          }
          const url = new URL(answer.dashboard_url as string);
          expect(url.origin).toBe(store.base);
          expect(url.pathname).toBe('/wp-admin/admin.php');
          expect(Object.fromEntries(url.searchParams)).toEqual({
            page: 'wc-admin',
            path: STATS[report].path,
            ...query,
            interval,
          });
        }
        expect(STATS.categories.route).toBe('/wp-json/wc-analytics/reports/products/stats');
      },
      LONG,
    );

    it(
      'get_report_items answers each list as its route, with the comparison per record',
      async () => {
        const query = { period: 'last_quarter', compare: 'previous_period' };
        const dates = await dashboardDates(store.db, query);
        for (const report of ITEM_REPORTS) {
          const def = ITEMS[report];
          const answer = await call(analyst, 'get_report_items', {
            report,
            ...(def.dated ? { period: query.period } : {}),
            ...(def.idsParam ? { compare: query.compare } : {}),
          });
          const listed = await restAs('analyst', def.route, {
            ...(def.dated ? dates.primary : {}),
            orderby: def.defaultOrderby,
            order: 'desc',
            page: 1,
            per_page: 10,
            ...(def.extendedInfo ? { extended_info: 'true' } : {}),
          });
          const items = answer.items as {
            id: unknown;
            row: unknown;
            previous: Record<string, number> | null;
          }[];
          expect(items.map((i) => i.row)).toEqual(withoutLinks(listed.body));
          expect(answer.paging).toMatchObject({
            page: 1,
            per_page: 10,
            total: listed.total,
            total_pages: listed.totalPages,
          });
          if (!def.idsParam || !items.length) continue;
          const ids = items.map((i) => i.id);
          const earlier = await restAs('analyst', def.route, {
            ...dates.secondary,
            [def.idsParam]: ids,
            per_page: ids.length,
          });
          const byId = new Map(
            (earlier.body as Record<string, unknown>[]).map((row) => [row[def.idField], row]),
          );
          for (const item of items)
            for (const metric of def.metrics)
              expect(item.previous![metric]).toBe(byId.get(item.id)?.[metric] ?? 0);
        }
      },
      LONG,
    );

    it(
      'search_records answers as the pickers',
      async () => {
        for (const type of SEARCH_TYPES) {
          const answer = await call(admin, 'search_records', { type, per_page: 5 });
          const found = await restAs('administrator', SEARCHES[type].route, {
            page: 1,
            per_page: 5,
          });
          const records = answer.records as { record: unknown; dashboard_url: string | null }[];
          expect(records.map((r) => r.record)).toEqual(withoutLinks(found.body));
          expect(answer.paging).toMatchObject({ total: found.total });
        }
        const [first] = (await call(admin, 'search_records', { type: 'products', per_page: 1 }))
          .records as { record: { id: number; name: string } }[];
        const named = await call(admin, 'search_records', {
          type: 'products',
          search: first!.record.name,
        });
        const byName = await restAs('administrator', SEARCHES.products.route, {
          search: first!.record.name,
          page: 1,
          per_page: 10,
        });
        expect((named.records as { record: unknown }[]).map((r) => r.record)).toEqual(
          withoutLinks(byName.body),
        );
        const customer = await call(admin, 'search_records', {
          type: 'customers',
          search: 'a',
          searchby: 'name',
          per_page: 3,
        });
        const url = new URL((customer.records as { dashboard_url: string }[])[0]!.dashboard_url);
        expect(url.searchParams.get('path')).toBe('/customers');
        expect(url.searchParams.get('filter')).toBe('single_customer');
      },
      LONG,
    );

    it('list_reports names every report, its metrics and the presets', async () => {
      const answer = await call(admin, 'list_reports', {});
      const reports = answer.reports as {
        id: string;
        stats: { metrics: { field: string }[] } | null;
        items: { orderby: string[] } | null;
      }[];
      expect(reports.map((r) => r.id).sort()).toEqual(
        [...new Set([...STATS_REPORTS, ...ITEM_REPORTS])].sort(),
      );
      const revenue = await restAs('administrator', STATS.revenue.route, { per_page: 1 });
      const fields = Object.keys((revenue.body as { totals: object }).totals).filter(
        (f) => f !== 'segments',
      );
      expect(reports.find((r) => r.id === 'revenue')!.stats!.metrics.map((m) => m.field)).toEqual(
        fields,
      );
      expect(reports.find((r) => r.id === 'products')!.items!.orderby).toContain('net_revenue');
      const periods = answer.periods as { kind: string; after?: string; before?: string }[];
      const lastMonth = await dashboardDates(store.db, {
        period: 'last_month',
        compare: 'previous_period',
      });
      expect(periods.find((p) => p.kind === 'last_month')).toMatchObject(lastMonth.primary);
    });

    it('explain_metric reads the glossary of docs/metrics.md', async () => {
      const lines = await call(admin, 'explain_metric', {
        metric: 'net_revenue',
        report: 'products',
      });
      const [row] = lines.glossary as Record<string, string>[];
      expect(row?.number).toBe('Net sales (lines)');
      expect(readFileSync(metricsDocPath(), 'utf8')).toContain(row!['API field']!);
      const orders = await call(admin, 'explain_metric', {
        metric: 'net_revenue',
        report: 'revenue',
      });
      expect((orders.glossary as Record<string, string>[])[0]?.number).toBe('Net sales (orders)');
      const gross = await call(admin, 'explain_metric', { metric: 'gross sales' });
      const [definition] = gross.definitions as { definition: string }[];
      expect(readFileSync(metricsDocPath(), 'utf8')).toContain(definition!.definition);
      const unknown = await refusal(admin, 'explain_metric', { metric: 'happiness' });
      expect(Object.keys(unknown.error!.params)).toEqual(['metric']);
    });

    it('reads the settings and the glossary as resources, and gives the prompts', async () => {
      const settings = await admin.readResource({ uri: 'storelens://settings' });
      const json = JSON.parse((settings.contents[0] as { text: string }).text);
      const boot = await bootSettings(store.db);
      expect(json).toMatchObject({
        timezone: boot.timezone,
        date_type: boot.dateType,
        excluded_statuses: boot.excludedStatuses,
        currency: { code: boot.currency.code, decimals: boot.currency.precision },
      });
      expect(json.week_starts_on).toBe('Monday');
      const glossary = await admin.readResource({ uri: 'storelens://metrics/glossary' });
      const text = (glossary.contents[0] as { text: string }).text;
      expect(text.startsWith('## Glossary')).toBe(true);
      expect(readFileSync(metricsDocPath(), 'utf8')).toContain(text);
      const review = await admin.getPrompt({ name: 'weekly_review', arguments: {} });
      expect(JSON.stringify(review.messages)).toContain('period=last_week');
      const why = await admin.getPrompt({
        name: 'why_sales_changed',
        arguments: { period: 'last_month', compare: 'previous_year' },
      });
      expect(JSON.stringify(why.messages)).toContain('compare=previous_year');
    });

    it('acts as the caller: every REST read runs with their own credentials', async () => {
      seen.length = 0;
      await call(analyst, 'get_report_items', {
        report: 'products',
        period: 'last_month',
        compare: 'previous_period',
        per_page: 3,
      });
      await call(analyst, 'get_report_stats', { report: 'revenue', period: 'last_week' });
      await call(analyst, 'search_records', { type: 'customers', per_page: 2 });
      expect(seen.length).toBeGreaterThanOrEqual(5);
      expect(new Set(seen.map((s) => s.who))).toEqual(
        new Set(['analyst via application-password']),
      );

      // A session (cookie and nonce) is a caller too; without the nonce it is nobody.
      const session = await signIn(store.db, 'shop_manager');
      const manager = await httpClient(store.base, session);
      seen.length = 0;
      await call(manager, 'get_report_stats', { report: 'orders', period: 'yesterday' });
      expect(new Set(seen.map((s) => s.who))).toEqual(new Set(['shop_manager via cookie']));
      await manager.close();
      await expect(httpClient(store.base, { cookie: session.cookie })).rejects.toThrow(/401/);
    });

    it(
      "keeps each role to the routes it may read, customers' e-mails as REST gives them",
      async () => {
        // The tools read as the caller: what only a manager may see is refused to an analyst.
        const notes = '/wp-json/wc-analytics/admin/notes';
        const as = (role: (typeof ROLES)[number]) => ({
          app: store.app,
          headers: store.basic[role],
        });
        await expect(restGet(as('analyst'), notes)).rejects.toMatchObject({
          status: 403,
          code: 'rest_forbidden',
        });
        await expect(restGet(as('analyst'), notes)).rejects.toBeInstanceOf(RestError);
        expect((await restGet(as('shop_manager'), notes)).body).toBeInstanceOf(Array);
        await expect(restGet(as('shop_manager'), '/wp-json/wp/v2/users')).rejects.toMatchObject({
          status: 403,
        });

        for (const role of ROLES) {
          const client = await httpClient(store.base, store.basic[role]);
          const answer = await call(client, 'get_report_items', {
            report: 'customers',
            per_page: 5,
          });
          const listed = await restAs(role, ITEMS.customers.route, {
            orderby: 'total_spend',
            order: 'desc',
            page: 1,
            per_page: 5,
          });
          const rows = (answer.items as { row: Record<string, unknown> }[]).map((i) => i.row);
          expect(rows).toEqual(withoutLinks(listed.body));
          expect(rows.map((r) => r.email)).toEqual(
            (listed.body as { email?: string }[]).map((r) => r.email),
          );
          await client.close();
        }
      },
      LONG,
    );

    it('refuses unauthenticated calls as every route does', async () => {
      await expect(httpClient(store.base, {})).rejects.toThrow(/401/);
      const wrong = `Basic ${Buffer.from(`${store.keys.analyst.email}:wrong password here`).toString('base64')}`;
      await expect(httpClient(store.base, { authorization: wrong })).rejects.toThrow(/401/);
      const res = await fetch(`${store.base}/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(res.status).toBe(401);
      expect((await res.json()).code).toBe('rest_not_logged_in');
      // No streams or sessions: GET and DELETE are 405 for a signed-in caller, 401 otherwise.
      const get = await fetch(`${store.base}/mcp`, { headers: store.basic.analyst });
      expect(get.status).toBe(405);
      expect((await fetch(`${store.base}/mcp`)).status).toBe(401);
    });

    it('names the bad argument', async () => {
      const orderby = await refusal(admin, 'get_report_items', {
        report: 'products',
        orderby: 'happiness',
      });
      expect(orderby.error).toMatchObject({ code: 'rest_invalid_param' });
      expect(Object.keys(orderby.error!.params)).toEqual(['orderby']);
      expect(orderby.text).toContain('orderby');

      const after = await refusal(admin, 'get_report_stats', {
        report: 'revenue',
        period: 'custom',
        after: '2024-02-30',
        before: '2024-03-31',
      });
      expect(Object.keys(after.error!.params)).toEqual(['after']);
      const missing = await refusal(admin, 'get_report_stats', {
        report: 'revenue',
        period: 'custom',
      });
      expect(Object.keys(missing.error!.params).sort()).toEqual(['after', 'before']);
      const interval = await refusal(admin, 'get_report_stats', {
        report: 'orders',
        period: 'last_month',
        interval: 'hour',
      });
      expect(Object.keys(interval.error!.params)).toEqual(['interval']);
      const perPage = await refusal(admin, 'get_report_items', {
        report: 'products',
        per_page: 500,
      });
      expect(perPage.text).toMatch(/per_page/);
      const report = await refusal(admin, 'get_report_stats', { report: 'weather' });
      expect(report.text).toMatch(/report/);
      const customers = await refusal(admin, 'get_report_items', {
        report: 'customers',
        period: 'last_month',
      });
      expect(Object.keys(customers.error!.params)).toEqual(['period']);
    });

    it(
      'pages lists and intervals, saying what is left',
      async () => {
        const query = {
          report: 'orders',
          period: 'last_quarter',
          orderby: 'net_total',
          per_page: 7,
        };
        const first = await call(admin, 'get_report_items', query);
        const paging = first.paging as { total: number; total_pages: number; next_page: number };
        expect(paging.total).toBeGreaterThan(7);
        expect(paging.next_page).toBe(2);
        expect(first.more).toMatch(/page 2/);
        const dates = await dashboardDates(store.db, { period: 'last_quarter', compare: 'none' });
        const rows: unknown[] = [];
        for (let page = 1; page <= paging.total_pages; page++) {
          const answer = await call(admin, 'get_report_items', { ...query, page });
          const listed = await restAs('administrator', ITEMS.orders.route, {
            ...dates.primary,
            orderby: 'net_total',
            order: 'desc',
            page,
            per_page: 7,
            extended_info: 'true',
          });
          const got = (answer.items as { row: unknown; rank: number }[]).map((i) => i.row);
          expect(got).toEqual(withoutLinks(listed.body));
          expect((answer.items as { rank: number }[])[0]?.rank).toBe((page - 1) * 7 + 1);
          expect((answer.paging as { next_page: number | null }).next_page).toBe(
            page < paging.total_pages ? page + 1 : null,
          );
          rows.push(...got);
        }
        expect(rows).toHaveLength(paging.total);
        const url = new URL(first.dashboard_url as string);
        expect(url.searchParams.get('per_page')).toBe('7');
        expect(url.searchParams.get('orderby')).toBe('net_total');

        const days = await call(admin, 'get_report_stats', {
          report: 'revenue',
          period: 'last_year',
          interval: 'day',
          compare: 'none',
          page: 4,
        });
        const intervals = days.intervals_paging as Record<string, number | null>;
        expect(intervals).toMatchObject({
          page: 4,
          per_page: 100,
          total_pages: 4,
          next_page: null,
        });
        expect([365, 366]).toContain(intervals.total);
        expect((days.intervals as unknown[]).length).toBe((intervals.total as number) - 300);
        expect(days.previous_totals).toBeNull();
      },
      LONG,
    );

    it(
      'answers "my top 5 products by net sales last month against the month before", with the link',
      async () => {
        const answer = await call(analyst, 'get_report_items', {
          report: 'products',
          orderby: 'net_revenue',
          per_page: 5,
          period: 'last_month',
          compare: 'previous_period',
        });
        const dates = await dashboardDates(store.db, {
          period: 'last_month',
          compare: 'previous_period',
        });
        expect(answer.range).toMatchObject({ ...dates.primary, label: 'Last month' });
        expect(answer.compare_range).toMatchObject({
          ...dates.secondary,
          label: 'Previous period',
        });
        const top = await restAs('analyst', '/wp-json/wc-analytics/reports/products', {
          ...dates.primary,
          orderby: 'net_revenue',
          order: 'desc',
          per_page: 5,
          extended_info: 'true',
        });
        const rows = top.body as { product_id: number; net_revenue: number }[];
        expect(rows.length).toBe(5);
        const monthBefore = await restAs('analyst', '/wp-json/wc-analytics/reports/products', {
          ...dates.secondary,
          products: rows.map((r) => r.product_id),
          per_page: 5,
        });
        const before = new Map(
          (monthBefore.body as { product_id: number; net_revenue: number }[]).map((r) => [
            r.product_id,
            r.net_revenue,
          ]),
        );
        const items = answer.items as {
          rank: number;
          id: number;
          name: string;
          row: { net_revenue: number };
          previous: { net_revenue: number };
          changes: { net_revenue: { current: string; previous: string; difference: string } };
          dashboard_url: string;
        }[];
        expect(items.map((i) => i.id)).toEqual(rows.map((r) => r.product_id));
        for (const [k, item] of items.entries()) {
          const now = rows[k]!.net_revenue;
          const then = before.get(item.id) ?? 0;
          expect(item.rank).toBe(k + 1);
          expect(item.name).toBe(
            (rows[k] as unknown as { extended_info: { name: string } }).extended_info.name,
          );
          expect(item.row.net_revenue).toBe(now);
          expect(item.previous.net_revenue).toBe(then);
          expect(item.changes.net_revenue).toMatchObject({
            current: now.toFixed(2),
            previous: then.toFixed(2),
            difference: moneyDifference(now, then),
          });
          const single = new URL(item.dashboard_url);
          expect(single.searchParams.get('filter')).toBe('single_product');
          expect(single.searchParams.get('products')).toBe(String(item.id));
          expect(single.searchParams.get('period')).toBe('last_month');
        }
        // The link opens the Products report on those dates, ranked the same way.
        const url = new URL(answer.dashboard_url as string);
        expect(url.href.startsWith(`${store.base}/wp-admin/admin.php?page=wc-admin&`)).toBe(true);
        const linkQuery = Object.fromEntries(url.searchParams);
        expect(linkQuery).toMatchObject({
          path: '/analytics/products',
          period: 'last_month',
          compare: 'previous_period',
          orderby: 'net_revenue',
          order: 'desc',
          per_page: '5',
        });
        const settings = await bootSettings(store.db);
        const shown = getCurrentDates(linkQuery, settings.defaultDateRange);
        expect(shown.primary.after.format('YYYY-MM-DD')).toBe(dates.primary.after.slice(0, 10));
        expect(shown.primary.before.format('YYYY-MM-DD')).toBe(dates.primary.before.slice(0, 10));
        expect(shown.secondary.after.format('YYYY-MM-DD')).toBe(dates.secondary.after.slice(0, 10));
      },
      LONG,
    );
  });
}

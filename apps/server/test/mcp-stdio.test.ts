import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  getDefaultEnvironment,
  StdioClientTransport,
} from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ITEMS, STATS } from '../src/mcp/catalog';
import { engines } from './harness';
import {
  call,
  connected,
  dashboardDates,
  type McpStore,
  moneyDifference,
  refusal,
  rest,
  startMcpStore,
  TOOL_NAMES,
  withoutLinks,
} from './mcp-helpers';

/*
 * `npm run mcp`, the stdio bridge for desktop assistants: its entry is spawned as a child
 * process pointing at the real server (listening on a port), and driven with the SDK's own
 * client over stdio. It passes every request through to /mcp with the user's application
 * password, so it answers exactly as the HTTP endpoint and the REST API do for that user.
 */

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SLOW = 120_000;

/** `npm run mcp`'s command, from the root package.json: node and its arguments. */
function mcpCommand(): string[] {
  const script = JSON.parse(readFileSync(`${ROOT}/package.json`, 'utf8')).scripts.mcp as string;
  const [node, ...args] = script.split(/\s+/);
  expect(node).toBe('node');
  expect(args.at(-1)).toBe('apps/server/src/mcp/stdio.ts');
  return args;
}

/** The bridge as a child process with `env`; its stderr is collected. */
function bridge(env: Record<string, string>) {
  let stderr = '';
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: mcpCommand(),
    cwd: ROOT,
    env: { ...getDefaultEnvironment(), ...env },
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return { transport, stderr: () => stderr };
}

for (const engine of engines) {
  describe(`MCP over stdio (npm run mcp) [${engine}]`, () => {
    let store: McpStore;
    let client: Client;

    beforeAll(async () => {
      store = await startMcpStore(engine, { orders: 300 });
      const { email, password } = store.keys.analyst;
      client = await connected(
        bridge({
          STORELENS_URL: store.base,
          STORELENS_USER: email,
          STORELENS_APP_PASSWORD: password,
        }).transport,
      );
    }, SLOW);
    afterAll(async () => {
      await client?.close();
      await store?.close();
    });

    it(
      'passes the tools, resources and prompts through',
      async () => {
        expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(TOOL_NAMES);
        expect(client.getServerVersion()?.name).toBe('storelens');
        expect(client.getInstructions()).toMatch(/dashboard_url/);
        const settings = await client.readResource({ uri: 'storelens://settings' });
        expect(JSON.parse((settings.contents[0] as { text: string }).text).timezone).toBe(
          'America/New_York',
        );
        const prompt = await client.getPrompt({ name: 'weekly_review', arguments: {} });
        expect(prompt.messages[0]?.role).toBe('user');
        const explained = await call(client, 'explain_metric', { metric: 'refunds' });
        expect((explained.glossary as { number: string }[])[0]?.number).toBe('Returns');
      },
      SLOW,
    );

    it(
      'answers the REST figures of the user, and the top 5 products against the month before',
      async () => {
        const analyst = store.basic.analyst;
        const query = { period: 'last_month', compare: 'previous_period' };
        const dates = await dashboardDates(store.db, query);

        const stats = await call(client, 'get_report_stats', { report: 'revenue', ...query });
        const revenue = await rest(
          store.base,
          STATS.revenue.route,
          { ...dates.primary, interval: 'day', order: 'asc', page: 1, per_page: 100 },
          analyst,
        );
        expect(stats.totals).toEqual((revenue.body as { totals: unknown }).totals);
        expect(stats.intervals).toEqual((revenue.body as { intervals: unknown }).intervals);

        const top = await call(client, 'get_report_items', {
          report: 'products',
          orderby: 'net_revenue',
          per_page: 5,
          ...query,
        });
        const listed = await rest(
          store.base,
          ITEMS.products.route,
          {
            ...dates.primary,
            orderby: 'net_revenue',
            order: 'desc',
            page: 1,
            per_page: 5,
            extended_info: 'true',
          },
          analyst,
        );
        const rows = withoutLinks(listed.body) as { product_id: number; net_revenue: number }[];
        const items = top.items as {
          row: unknown;
          previous: { net_revenue: number };
          changes: { net_revenue: { difference: string } };
        }[];
        expect(items.map((i) => i.row)).toEqual(rows);
        const before = await rest(
          store.base,
          ITEMS.products.route,
          { ...dates.secondary, products: rows.map((r) => r.product_id), per_page: 5 },
          analyst,
        );
        const then = new Map(
          (before.body as { product_id: number; net_revenue: number }[]).map((r) => [
            r.product_id,
            r.net_revenue,
          ]),
        );
        for (const [k, item] of items.entries()) {
          const previous = then.get(rows[k]!.product_id) ?? 0;
          expect(item.previous.net_revenue).toBe(previous);
          expect(item.changes.net_revenue.difference).toBe(
            moneyDifference(rows[k]!.net_revenue, previous),
          );
        }
        const url = new URL(top.dashboard_url as string);
        expect(url.origin).toBe(store.base);
        expect(url.searchParams.get('path')).toBe('/analytics/products');
        expect(url.searchParams.get('period')).toBe('last_month');
        expect(url.searchParams.get('compare')).toBe('previous_period');
      },
      SLOW,
    );

    it(
      'names a bad argument, and pages',
      async () => {
        const bad = await refusal(client, 'get_report_items', {
          report: 'coupons',
          orderby: 'net_revenue',
        });
        expect(Object.keys(bad.error!.params)).toEqual(['orderby']);
        const page2 = await call(client, 'search_records', {
          type: 'products',
          per_page: 3,
          page: 2,
        });
        const listed = await rest(
          store.base,
          '/wp-json/wc-analytics/products',
          { page: 2, per_page: 3 },
          store.basic.analyst,
        );
        expect((page2.records as { record: unknown }[]).map((r) => r.record)).toEqual(
          withoutLinks(listed.body),
        );
        expect(page2.paging).toMatchObject({ page: 2, total: listed.total, next_page: 3 });
      },
      SLOW,
    );

    it(
      'refuses to start without working credentials',
      async () => {
        const wrong = bridge({
          STORELENS_URL: store.base,
          STORELENS_USER: store.keys.analyst.email,
          STORELENS_APP_PASSWORD: 'not the password',
        });
        await expect(connected(wrong.transport)).rejects.toThrow();
        // The child's last words may come after the pipe closed on the client's side.
        await vi.waitFor(() =>
          expect(wrong.stderr()).toMatch(/refused the user or the application password \(401\)/),
        );

        const none = bridge({ STORELENS_URL: store.base });
        await expect(connected(none.transport)).rejects.toThrow();
        await vi.waitFor(() =>
          expect(none.stderr()).toMatch(/STORELENS_USER, STORELENS_APP_PASSWORD/),
        );
      },
      SLOW,
    );
  });
}

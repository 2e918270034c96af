import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScratchStore, scratchStore } from '../bench/scratch-store';
import { generateDemoStore } from '../src/demo/generate';
import { registeredRoutes } from '../src/routes/registered';
import { buildTestApp } from './harness';

/**
 * Every report's queries on PostgreSQL use indexes: with sequential scans priced out
 * (enable_seqscan = off), a Seq Scan left in a plan over one of the big tables means no index
 * can serve it — what made the Downloads report take a minute at 100,000 orders.
 */
const postgresUrl = process.env.TEST_POSTGRES_URL;

const BIG_TABLES = new Set([
  'orders',
  'order_items',
  'order_fee_lines',
  'order_stats',
  'order_product_lookup',
  'order_coupon_lookup',
  'order_tax_lookup',
  'customers',
  'customer_totals',
  'customer_first_order',
  'download_log',
  'revenue_hour',
]);

/**
 * Scans that are the work itself: the customers summary with no filter sums the totals of
 * every customer, which no index shortens.
 */
const WHOLE_TABLE_BY_DESIGN = new Set([
  '/wp-json/wc-analytics/reports/customers/stats customer_totals',
]);

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function seqScans(node: PlanNode, out: string[] = []): string[] {
  if (node['Node Type'] === 'Seq Scan' && BIG_TABLES.has(node['Relation Name'] ?? ''))
    out.push(node['Relation Name']!);
  for (const child of node.Plans ?? []) seqScans(child, out);
  return out;
}

/** Runs SQL on a client past the capturing wrapper. */
const run = (client: pg.Client, text: string, values?: unknown[]) =>
  (
    original as unknown as (this: pg.Client, t: string, v?: unknown[]) => Promise<pg.QueryResult>
  ).call(client, text, values);
const original = pg.Client.prototype.query;

describe.skipIf(!postgresUrl)('report query plans [postgres]', () => {
  let store: ScratchStore;
  const captured: { text: string; values: unknown[] }[] = [];
  let capturing = false;

  beforeAll(async () => {
    store = await scratchStore('postgres', { prefix: 'plans', postgresUrl });
    await generateDemoStore(store.db, { orders: 2000, years: 1, seed: 9, end: '2024-06-30' });
    // Records what the app sends, to explain it afterwards.
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const [config, values] = args as [unknown, unknown];
      if (capturing) {
        const text = typeof config === 'string' ? config : (config as { text?: string })?.text;
        const params =
          (Array.isArray(values) ? values : (config as { values?: unknown[] })?.values) ?? [];
        if (text && /^\s*(SELECT|WITH)\b/i.test(text)) captured.push({ text, values: params });
      }
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
  }, 120_000);

  afterAll(async () => {
    pg.Client.prototype.query = original;
    await store?.drop();
  });

  /** Parameters a route cannot answer without (the values of one source dimension). */
  const REQUIRED_PARAMS: Record<string, string> = {
    '/wp-json/wc-analytics/reports/sources/values': 'dimension=utm_source',
  };

  it('no report plan scans a big table sequentially', async () => {
    const app = await buildTestApp(store.db);
    await app.ready();
    const reports = registeredRoutes(app)
      .filter(
        (r) =>
          r.method === 'GET' &&
          (r.url.startsWith('/wp-json/wc-analytics/reports') ||
            r.url.startsWith('/wp-json/wc-analytics/leaderboards')) &&
          !/import|export/.test(r.url),
      )
      .map((r) => r.url);
    expect(reports.length).toBeGreaterThan(20);
    const range = 'after=2024-03-01T00:00:00&before=2024-04-30T23:59:59';
    const problems: string[] = [];
    let answered = 0;
    const skipped: string[] = [];
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      await run(client, `SET search_path = ${store.schema}`);
      await run(client, 'ANALYZE');
      await run(client, 'SET enable_seqscan = off');
      for (const url of reports) {
        const path = url.replace(':type', 'revenue').replace(':id', '1').replace(':parent', '1');
        captured.length = 0;
        capturing = true;
        // Reports that take no date range (stock, customers' stats) get only what they accept.
        const required = REQUIRED_PARAMS[path] ? `&${REQUIRED_PARAMS[path]}` : '';
        let res = await app.inject({
          method: 'GET',
          url: `${path}?${range}&per_page=25&force_cache_refresh=true${required}`,
        });
        if (res.statusCode === 400) res = await app.inject({ method: 'GET', url: path });
        capturing = false;
        if (res.statusCode !== 200) {
          skipped.push(`${path} ${res.statusCode}`);
          continue;
        }
        answered++;
        for (const q of captured) {
          const plan = await run(client, `EXPLAIN (FORMAT JSON) ${q.text}`, q.values);
          const root = (plan.rows[0] as { 'QUERY PLAN': { Plan: PlanNode }[] })['QUERY PLAN'][0]!
            .Plan;
          const scans = seqScans(root).filter((t) => !WHOLE_TABLE_BY_DESIGN.has(`${path} ${t}`));
          if (scans.length)
            problems.push(`${path}: Seq Scan on ${scans.join(', ')}\n  ${q.text.slice(0, 300)}`);
        }
      }
    } finally {
      await client.end();
      await app.close();
    }
    expect(problems).toEqual([]);
    expect(skipped).toEqual([]);
    expect(answered).toBeGreaterThan(20);
  }, 300_000);
});

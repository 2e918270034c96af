/*
 * Analytics latency bench (report p50/p95 per kind, see README). Runs the real app in-process
 * against DATABASE_URL (a generated store: `npm run demo -- --orders N --end 2024-06-30`),
 * bypassing the report cache, and prints p50/p95 per request kind beside its target, for two years:
 * one of whole local months (ending on the last day of the month before BENCH_END's, or on
 * BENCH_END when that is a month's last day) and one ending on BENCH_END itself (mid-month when
 * BENCH_END is), whose edge days the reports read apart from the whole months. Never fails.
 *   DATABASE_URL=file:/path/store.sqlite node --import tsx apps/server/bench/bench.ts
 * BENCH_END (default 2024-06-30) is the last day of the year measured; BENCH_RUNS (default 15);
 * BENCH_ONLY measures only the request kinds whose name contains it, or one of a comma-separated
 * list (`BENCH_ONLY=leaderboards`, `BENCH_ONLY=rfm,cohorts`).
 * BENCH_SUMMARY: a file the p50s are appended to as one JSON line (scripts/bench.ts prints
 * them side by side for every engine at the end).
 */
import { appendFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import { rfmDaysStale, sweepRfmDays } from '../src/analytics/rfm-days';
import { loadSearchSets } from '../src/analytics/search/load';
import { buildApp } from '../src/app';
import { openStore } from '../src/store';
import { benchAdminHeaders } from './admin-session';

const url = process.env.DATABASE_URL ?? 'file:./data/storelens.sqlite';
const end = process.env.BENCH_END ?? '2024-06-30';
const runs = Number(process.env.BENCH_RUNS ?? 15);

/** The last day of the month before `day`'s, or `day` itself when it ends its month. */
export function lastWholeMonthEnd(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const monthEnd = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d === monthEnd ? day : new Date(Date.UTC(y, m - 1, 0)).toISOString().slice(0, 10);
}

const year = (endDay: string, back = 0) => {
  const y = Number(endDay.slice(0, 4)) - back;
  const last = `${y}${endDay.slice(4)}`;
  const first = new Date(
    Date.UTC(y - 1, Number(endDay.slice(5, 7)) - 1, Number(endDay.slice(8, 10)) + 1),
  )
    .toISOString()
    .slice(0, 10);
  return `after=${first}T00:00:00&before=${last}T23:59:59`;
};

/** One measured request kind: its paths for a year (primary Y, comparison C) and target. */
interface Case {
  name: string;
  paths: (Y: string, C: string) => string[];
  target: number;
}

async function main() {
  // BENCH_SCHEMA: the PostgreSQL schema the store lives in (scripts/bench.ts makes one per run).
  const db = await openStore(
    url,
    process.env.BENCH_SCHEMA ? { schema: process.env.BENCH_SCHEMA } : {},
  );
  // The RFM groups of every day, swept as the server's keeper sweeps them after ingestion
  // (analytics/rfm-days.ts), so `reports/rfm` reads them; the sweep's time is a figure too.
  const sweep = async (what: string) => {
    const sweeping = performance.now();
    const swept = await sweepRfmDays(db);
    console.log(
      `RFM days ${what} swept in ${((performance.now() - sweeping) / 1000).toFixed(2)} s (${swept?.days ?? 0} days from ${swept?.from})`,
    );
  };
  const stale = await rfmDaysStale(db);
  if (stale) await sweep('(stale)');
  // Swept again as after a batch of today's orders, and of an order a month back: from the
  // marked day on. A process that did not sweep the store last sweeps from the first day, so
  // the last day is marked twice when this process has not swept yet.
  const lastDay = (await db.kysely.selectFrom('rfm_state').select('last_day').executeTakeFirst())
    ?.last_day;
  if (lastDay) {
    const monthBack = new Date(Date.parse(`${lastDay}T00:00:00Z`) - 30 * 86_400_000);
    const resumes = stale ? [] : [['from the last day, in a new process', lastDay]];
    for (const [what, day] of [
      ...resumes,
      ['from the last day', lastDay],
      ['from 30 days back', monthBack.toISOString().slice(0, 10)],
    ] as const) {
      await db.kysely.insertInto('rfm_marks').values({ day }).execute();
      await sweep(what);
    }
  }
  const app = await buildApp(db, { webRoot: '/nonexistent' });
  // Fastify readies an app (its plugins, every route's schemas) on its first inject: ready it
  // here, as listening does, or the first request measured counts that second.
  await app.ready();
  const headers = await benchAdminHeaders(db);
  // As the server does before it answers (main.ts): the picker searches below then measure
  // searching, not the first read of the sets.
  const loading = performance.now();
  const sets = await loadSearchSets(db);
  console.log(
    `picker indexes loaded in ${((performance.now() - loading) / 1000).toFixed(1)} s (${sets.customers} customers)`,
  );
  const one = async (table: 'products' | 'coupons') => {
    const row = await db.kysely
      .selectFrom(table)
      .select('id')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return Number(row?.id ?? 1);
  };
  const product = await one('products');
  const coupon = await one('coupons');
  // The best and the least selling product of the year (by items sold), its best variation
  // and category, and its most used coupon: one-item filters cost the same whatever the item.
  const since = year(end).slice(6, 13);
  const ranked = async (table: string, column: string, value: string, order: 'DESC' | 'ASC') => {
    const rows = await sql<{ id: number }>`SELECT ${sql.raw(column)} AS id FROM ${sql.raw(table)}
      WHERE date_kind = 'paid' AND month >= ${since} GROUP BY ${sql.raw(column)}
      HAVING SUM(${sql.raw(value)}) > 0 ORDER BY SUM(${sql.raw(value)}) ${sql.raw(order)}, 1 LIMIT 1`.execute(
      db.kysely,
    );
    return Number(rows.rows[0]?.id ?? 1);
  };
  const top = await ranked('product_month', 'product_id', 'items_sold', 'DESC');
  const small = await ranked('product_month', 'product_id', 'items_sold', 'ASC');
  const variation = await ranked('variation_month', 'variation_id', 'items_sold', 'DESC');
  const category = await ranked('category_month', 'category_id', 'items_sold', 'DESC');
  const topCoupon = await ranked('coupon_month', 'coupon_id', 'orders_count', 'DESC');
  const stats = 'interval=day&order=asc&per_page=100';
  const ordersFields = 'fields=orders_count,net_revenue,avg_order_value,avg_items_per_order';
  const both =
    (filter: string) =>
    (Y: string, C: string): string[] => [
      `reports/orders/stats?${Y}&${stats}&${ordersFields}&${filter}`,
      `reports/orders/stats?${C}&${stats}&${ordersFields}&${filter}`,
    ];
  const list = (report: string, orderby: string) => (Y: string) => [
    `reports/${report}?${Y}&orderby=${orderby}&per_page=25&extended_info=true`,
  ];
  const cases: Case[] = [
    {
      name: 'revenue/stats year by day (primary, compare)',
      paths: (Y, C) => [
        `reports/revenue/stats?${Y}&${stats}`,
        `reports/revenue/stats?${C}&${stats}`,
      ],
      target: 15,
    },
    {
      name: 'orders/stats year by day (primary, compare)',
      paths: (Y, C) => [
        `reports/orders/stats?${Y}&${stats}&${ordersFields}`,
        `reports/orders/stats?${C}&${stats}&${ordersFields}`,
      ],
      target: 15,
    },
    {
      name: 'orders/stats first product (p, c)',
      paths: both(`product_includes=${product}`),
      target: 15,
    },
    {
      name: 'orders/stats first coupon (p, c)',
      paths: both(`coupon_includes=${coupon}`),
      target: 15,
    },
    {
      name: `orders/stats top product ${top} (p, c)`,
      paths: both(`product_includes=${top}`),
      target: 15,
    },
    {
      name: `orders/stats small product ${small} (p, c)`,
      paths: both(`product_includes=${small}`),
      target: 15,
    },
    {
      name: `orders/stats top variation ${variation} (p, c)`,
      paths: both(`variation_includes=${variation}`),
      target: 15,
    },
    {
      name: `orders/stats top category ${category} (p, c)`,
      paths: both(`category_includes=${category}`),
      target: 15,
    },
    {
      name: `orders/stats top coupon ${topCoupon} (p, c)`,
      paths: both(`coupon_includes=${topCoupon}`),
      target: 15,
    },
    {
      name: 'orders/stats top product, returning (p, c)',
      paths: both(`product_includes=${top}&customer_type=returning`),
      target: 15,
    },
    {
      name: 'orders/stats top product with customers (p, c)',
      paths: (Y, C) =>
        both(`product_includes=${top}`)(Y, C).map((p) =>
          p.replace(ordersFields, `${ordersFields},total_customers`),
        ),
      target: 15,
    },
    {
      name: 'profit/stats year by day (primary, compare)',
      paths: (Y, C) => [`reports/profit/stats?${Y}&${stats}`, `reports/profit/stats?${C}&${stats}`],
      target: 15,
    },
    { name: 'orders list by date', paths: list('orders', 'date'), target: 100 },
    { name: 'orders list by net sales', paths: list('orders', 'net_total'), target: 100 },
    {
      name: 'products list by net sales',
      paths: list('products', 'net_revenue'),
      target: 100,
    },
    { name: 'products list by last sale', paths: list('products', 'date'), target: 100 },
    {
      name: 'products list by gross profit',
      paths: list('products', 'gross_profit'),
      target: 100,
    },
    {
      name: 'products list by gross margin (loss first)',
      paths: (Y) => [`${list('products', 'gross_margin')(Y)[0]}&order=asc`],
      target: 100,
    },
    {
      name: 'variations list by gross profit',
      paths: list('variations', 'gross_profit'),
      target: 100,
    },
    {
      name: 'categories list by gross margin',
      paths: list('categories', 'gross_margin'),
      target: 100,
    },
    {
      name: 'variations list by net sales',
      paths: list('variations', 'net_revenue'),
      target: 100,
    },
    {
      name: 'categories list by net sales',
      paths: list('categories', 'net_revenue'),
      target: 100,
    },
    { name: 'coupons list by amount', paths: list('coupons', 'amount'), target: 100 },
    {
      name: 'sources list by source type',
      paths: (Y) => [`reports/sources?${Y}&groupby=source_type&per_page=25`],
      target: 100,
    },
    {
      name: 'sources list by utm campaign',
      paths: (Y) => [`reports/sources?${Y}&groupby=utm_campaign&orderby=net_revenue&per_page=25`],
      target: 100,
    },
    {
      // A drill-down: one utm source's mediums (a filtered list: first customers by join).
      name: 'sources list, google by utm medium',
      paths: (Y) => [`reports/sources?${Y}&groupby=utm_medium&utm_source_is[]=google&per_page=25`],
      target: 100,
    },
    {
      name: 'sources list by payment method',
      paths: (Y) => [`reports/sources?${Y}&groupby=payment_method&per_page=25`],
      target: 100,
    },
    {
      // Two years: 24 monthly cohorts, the oldest with 24 periods.
      name: 'cohorts 24 months by month',
      paths: (Y, C) => [`reports/cohorts?period=month&${C.split('&')[0]}&${Y.split('&')[1]}`],
      target: 150,
    },
    {
      name: 'rfm groups (with the previous month)',
      paths: (Y) => [`reports/rfm?${Y.split('&')[1]}&period=month`],
      target: 150,
    },
    {
      // A group at the end of the walked index, and one at its other end (the slower).
      name: 'rfm customers, a group page',
      paths: (Y) => [
        `reports/rfm/customers?${Y.split('&')[1]}&group=champions&orderby=last_order&order=desc&per_page=25`,
        `reports/rfm/customers?${Y.split('&')[1]}&group=lost&orderby=net_revenue&order=desc&per_page=25`,
      ],
      target: 150,
    },
    {
      name: 'customers list of an rfm group',
      paths: () => ['reports/customers?rfm_group=at_risk&per_page=25'],
      target: 100,
    },
    {
      name: 'customers list by total spend',
      paths: () => ['reports/customers?orderby=total_spend&per_page=25'],
      target: 100,
    },
    {
      name: 'customers list by gross profit',
      paths: () => ['reports/customers?orderby=gross_profit&order=desc&per_page=25'],
      target: 100,
    },
    {
      name: 'performance-indicators year',
      paths: (Y) => [`reports/performance-indicators?${Y}`],
      target: 50,
    },
    { name: 'leaderboards year', paths: (Y) => [`leaderboards?${Y}&per_page=5`], target: 100 },
    {
      name: 'products picker search',
      paths: () => ['products?search=sh&per_page=10&orderby=popularity'],
      target: 10,
    },
    {
      name: 'customers picker search',
      paths: () => ['customers?search=ann&searchby=name&per_page=10'],
      target: 10,
    },
  ];
  const whole = lastWholeMonthEnd(end);
  const years: [string, string][] = [
    [`year of whole months to ${whole}`, whole],
    ...(whole === end ? [] : ([[`year ending mid-month ${end}`, end]] as [string, string][])),
  ];
  let peak = process.memoryUsage().rss;
  const measure = async (paths: string[]) => {
    const times: number[] = [];
    let failed = 0;
    for (let i = 0; i < runs; i++) {
      for (const path of paths) {
        const started = performance.now();
        const res = await app.inject({
          method: 'GET',
          // Server-side latency, as a signed-in administrator (one session lookup a request).
          headers,
          url: `/wp-json/wc-analytics/${path}${path.startsWith('reports/') || path.startsWith('leaderboards') ? '&force_cache_refresh=true' : ''}`,
        });
        times.push(performance.now() - started);
        if (res.statusCode !== 200) {
          failed += 1;
          if (failed <= 3) console.log(`  ${res.statusCode} ${path}: ${res.body.slice(0, 200)}`);
        }
        peak = Math.max(peak, process.memoryUsage().rss);
      }
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
    return { p50: at(0.5), p95: at(0.95), failed };
  };
  console.log(
    `Store ${url} (${db.engine}); ${runs} runs each, cache bypassed; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')}`,
  );
  const summary: {
    engine: string;
    size: string;
    years: string[];
    rows: [string, number, (number | null)[]][];
  } = {
    engine: db.engine,
    size: process.env.BENCH_SIZE ?? '',
    years: years.map(([label]) => label),
    rows: [],
  };
  for (const [label] of years) console.log(`  ${label}`);
  console.log(
    '\nrequest (p50 / p95 ms per year)'.padEnd(49),
    ...years.map((_, i) => `year ${i + 1} p50/p95`.padStart(18)),
    'target'.padStart(7),
  );
  // BENCH_ONLY: measure only the kinds whose name contains it or one of a comma-separated list
  // (comparing one change's effect).
  const only = process.env.BENCH_ONLY?.toLowerCase().split(',');
  for (const c of cases.filter(
    (k) => !only || only.some((o) => k.name.toLowerCase().includes(o)),
  )) {
    const figures: { p50: number; p95: number; failed: number }[] = [];
    for (const [, last] of years) figures.push(await measure(c.paths(year(last), year(last, 1))));
    // A request that did not answer 200 measured an error page, not the report.
    const failed = figures.some((f) => f.failed > 0);
    const met = !failed && figures.every((f) => f.p50 <= c.target);
    console.log(
      c.name.padEnd(48),
      ...figures.map((f) => `${f.p50.toFixed(1)} / ${f.p95.toFixed(1)}`.padStart(18)),
      String(c.target).padStart(7),
      failed ? ' FAILED (not 200)' : met ? ' met' : ' MISSED',
    );
    summary.rows.push([
      c.name,
      c.target,
      // null: no figure (the summary table prints '-' and counts it as not met).
      figures.map((f) => (f.failed > 0 ? null : Math.round(f.p50 * 10) / 10)),
    ]);
  }
  console.log(`\npeak RSS ${(peak / 1024 / 1024).toFixed(0)} MB`);
  if (process.env.BENCH_SUMMARY)
    appendFileSync(process.env.BENCH_SUMMARY, `${JSON.stringify(summary)}\n`);
  await app.close();
  await db.close();
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});

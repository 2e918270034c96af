/*
 * Analytics latency bench (issue 4's Speed section). Runs the real app in-process against
 * DATABASE_URL (a generated store: `npm run demo -- --orders N --end 2024-06-30`), bypassing
 * the report cache, and prints p50/p95 per request kind and the peak RSS. Never fails.
 *   DATABASE_URL=file:/path/store.sqlite node --import tsx apps/server/bench/bench.ts
 * BENCH_END (default 2024-06-30) is the last day of the year measured; BENCH_RUNS (default 15).
 */
import { sql } from 'kysely';
import { buildApp } from '../src/app';
import { internalHeaders } from '../src/auth/plugin';
import { openStore } from '../src/store';

const url = process.env.DATABASE_URL ?? 'file:./data/storelens.sqlite';
const end = process.env.BENCH_END ?? '2024-06-30';
const runs = Number(process.env.BENCH_RUNS ?? 15);

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

async function main() {
  // BENCH_SCHEMA: the PostgreSQL schema the store lives in (scripts/bench.ts makes one per run).
  const db = await openStore(
    url,
    process.env.BENCH_SCHEMA ? { schema: process.env.BENCH_SCHEMA } : {},
  );
  const app = await buildApp(db, { webRoot: '/nonexistent' });
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
  const Y = year(end);
  const C = year(end, 1);
  // The best and the least selling product of the year (by items sold), its best variation
  // and category, and its most used coupon: one-item filters cost the same whatever the item.
  const since = Y.slice(6, 13);
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
  const both = (filter: string) => [
    `reports/orders/stats?${Y}&${stats}&${ordersFields}&${filter}`,
    `reports/orders/stats?${C}&${stats}&${ordersFields}&${filter}`,
  ];
  const stats = 'interval=day&order=asc&per_page=100';
  const ordersFields = 'fields=orders_count,net_revenue,avg_order_value,avg_items_per_order';
  const cases: [string, string[], number][] = [
    [
      'revenue/stats year by day (primary, compare)',
      [`reports/revenue/stats?${Y}&${stats}`, `reports/revenue/stats?${C}&${stats}`],
      15,
    ],
    [
      'orders/stats year by day (primary, compare)',
      [
        `reports/orders/stats?${Y}&${stats}&${ordersFields}`,
        `reports/orders/stats?${C}&${stats}&${ordersFields}`,
      ],
      15,
    ],
    [
      'revenue/stats one product',
      [`reports/orders/stats?${Y}&${stats}&product_includes=${product}`],
      150,
    ],
    [
      'orders/stats one coupon',
      [`reports/orders/stats?${Y}&${stats}&coupon_includes=${coupon}`],
      150,
    ],
    [`orders/stats top product ${top} (primary, compare)`, both(`product_includes=${top}`), 15],
    [`orders/stats small product ${small} (p, c)`, both(`product_includes=${small}`), 15],
    [`orders/stats top variation ${variation} (p, c)`, both(`variation_includes=${variation}`), 15],
    [`orders/stats top category ${category} (p, c)`, both(`category_includes=${category}`), 15],
    [`orders/stats top coupon ${topCoupon} (p, c)`, both(`coupon_includes=${topCoupon}`), 15],
    [
      `orders/stats top product, returning (p, c)`,
      both(`product_includes=${top}&customer_type=returning`),
      15,
    ],
    [
      'products list by net sales',
      [`reports/products?${Y}&orderby=net_revenue&per_page=25&extended_info=true`],
      100,
    ],
    [
      'variations list by net sales',
      [`reports/variations?${Y}&orderby=net_revenue&per_page=25&extended_info=true`],
      100,
    ],
    [
      'categories list by net sales',
      [`reports/categories?${Y}&orderby=net_revenue&per_page=25&extended_info=true`],
      100,
    ],
    [
      'coupons list by amount',
      [`reports/coupons?${Y}&orderby=amount&per_page=25&extended_info=true`],
      100,
    ],
    ['customers list by total spend', [`reports/customers?orderby=total_spend&per_page=25`], 100],
    ['performance-indicators year', [`reports/performance-indicators?${Y}`], 50],
    ['leaderboards year', [`leaderboards?${Y}&per_page=5`], 100],
    ['products picker search', ['products?search=sh&per_page=10&orderby=popularity'], 10],
    ['customers picker search', ['customers?search=ann&searchby=name&per_page=10'], 10],
  ];
  let peak = process.memoryUsage().rss;
  console.log(`Store ${url} (${db.engine}); ${runs} runs each, cache bypassed\n`);
  console.log(
    'request'.padEnd(48),
    'p50 ms'.padStart(8),
    'p95 ms'.padStart(8),
    'target'.padStart(8),
  );
  for (const [name, paths, target] of cases) {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      for (const path of paths) {
        const started = performance.now();
        const res = await app.inject({
          method: 'GET',
          // Server-side latency: the bench reads as the server itself, past the login check.
          headers: internalHeaders(app),
          url: `/wp-json/wc-analytics/${path}${path.startsWith('reports/') || path.startsWith('leaderboards') ? '&force_cache_refresh=true' : ''}`,
        });
        times.push(performance.now() - started);
        if (res.statusCode !== 200)
          console.log(`  ${res.statusCode} ${path}: ${res.body.slice(0, 200)}`);
        peak = Math.max(peak, process.memoryUsage().rss);
      }
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
    const mark = at(0.5) <= target ? '' : '  MISSED';
    console.log(
      name.padEnd(48),
      at(0.5).toFixed(1).padStart(8),
      at(0.95).toFixed(1).padStart(8),
      String(target).padStart(8) + mark,
    );
  }
  console.log(`\npeak RSS ${(peak / 1024 / 1024).toFixed(0)} MB`);
  await app.close();
  await db.close();
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});

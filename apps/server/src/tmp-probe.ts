import { buildApp } from './app';
import { internalHeaders } from './auth/plugin';
import { openStore } from './store';
import { RawSql } from './db/sql';
const orig = RawSql.prototype.query;
RawSql.prototype.query = async function (this: RawSql, sql: string, params: readonly unknown[] = []) {
  const t = performance.now();
  const r = await orig.call(this, sql, params);
  const ms = performance.now() - t;
  if (process.env.SLOW && ms > Number(process.env.SLOW)) console.log(`  [${ms.toFixed(1)} ms] ${sql.replace(/\s+/g, ' ').slice(0, 4000)}\n    params ${JSON.stringify(params).slice(0, 300)}`);
  return r as never;
} as typeof orig;
async function main() {
  const db = await openStore(process.env.DATABASE_URL!);
  const app = await buildApp(db, { webRoot: '/nonexistent' });
  const Y = process.env.Y ?? 'after=2025-11-01T00:00:00&before=2026-10-31T23:59:59';
  const paths = process.argv.slice(2);
  for (const p of paths) {
    const times: number[] = [];
    for (let i = 0; i < Number(process.env.RUNS ?? 3); i++) {
      const t = performance.now();
      const res = await app.inject({ method: 'GET', headers: internalHeaders(app), url: `/wp-json/wc-analytics/${p.replace('$Y', Y)}&force_cache_refresh=true` });
      times.push(performance.now() - t);
      if (res.statusCode !== 200) console.log(res.statusCode, res.body.slice(0, 200));
    }
    times.sort((a, b) => a - b);
    console.log(p.padEnd(90), times.map((t) => t.toFixed(1)).join(' '));
  }
  await app.close();
  await db.close();
}
main();

import Database from 'better-sqlite3';

const db = new Database(process.argv[2], { readonly: true });
const sql = process.argv[3];
if (process.argv[4] === 'plan') {
  for (const r of db.prepare('EXPLAIN QUERY PLAN ' + sql).all()) console.log(r.detail);
}
const t = performance.now();
const rows = db.prepare(sql).all();
console.log(
  (performance.now() - t).toFixed(1) + ' ms',
  rows.length,
  JSON.stringify(rows.slice(0, 8)),
);

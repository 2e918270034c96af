import type { Db } from '../src/db/database';
import { RawSql } from '../src/db/sql';

/** One table of a store: its rows and the bytes it and its indexes take on disk. */
export interface TableSize {
  name: string;
  rows: number;
  bytes: number;
}

/** What a store takes on disk, table by table (largest first), and in all. */
export interface StoreSize {
  bytes: number;
  tables: TableSize[];
}

/**
 * Measures a store: every table's exact row count and its size with its indexes (SQLite's
 * `dbstat` pages, PostgreSQL's `pg_total_relation_size`), and the whole database's size (the
 * SQLite file's pages; PostgreSQL's `pg_database_size`, which also counts the catalogs).
 * Counting is exact, so it reads every table once: seconds at 10,000,000 orders.
 */
export async function storeSize(db: Db): Promise<StoreSize> {
  const sql = new RawSql(db.kysely, db.engine, db.sqlite);
  let sized: { name: string; bytes: number }[];
  let total: number;
  if (db.engine === 'sqlite') {
    // dbstat names indexes separately: each index's pages are counted with its table.
    sized = await sql.query(
      `SELECT m.tbl_name AS name, SUM(s.pgsize) AS bytes
         FROM dbstat s JOIN sqlite_schema m ON m.name = s.name
        WHERE m.tbl_name NOT LIKE 'sqlite_%'
        GROUP BY m.tbl_name`,
    );
    const [pages] = await sql.query<{ bytes: number }>(
      'SELECT page_count * page_size AS bytes FROM pragma_page_count(), pragma_page_size()',
    );
    total = Number(pages?.bytes ?? 0);
  } else {
    sized = await sql.query(
      `SELECT c.relname AS name, pg_total_relation_size(c.oid) AS bytes
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind = 'r' AND n.nspname = current_schema()`,
    );
    const [database] = await sql.query<{ bytes: string }>(
      'SELECT pg_database_size(current_database()) AS bytes',
    );
    total = Number(database?.bytes ?? 0);
  }
  const tables: TableSize[] = [];
  for (const { name, bytes } of sized) {
    const quoted = `"${name.replaceAll('"', '""')}"`;
    const [count] = await sql.query<{ n: number | string }>(`SELECT COUNT(*) AS n FROM ${quoted}`);
    tables.push({ name, rows: Number(count?.n ?? 0), bytes: Number(bytes) });
  }
  tables.sort((a, b) => b.bytes - a.bytes || a.name.localeCompare(b.name));
  return { bytes: total, tables };
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

/**
 * The size as printed lines: the total, then each table with more than `minBytes`, its rows
 * and bytes per 1,000 orders (what grows with the store shows the same figure at every size;
 * what is bounded by the calendar or the catalog shrinks as the store grows).
 */
export function formatStoreSize(size: StoreSize, orders: number, minBytes = 1 << 20): string[] {
  const perThousand = (n: number) => ((n / orders) * 1000).toFixed(1);
  const lines = [
    `  size on disk ${mb(size.bytes)} (${mb((size.bytes / orders) * 1000)} per 1,000 orders)`,
  ];
  for (const t of size.tables) {
    if (t.bytes < minBytes) continue;
    lines.push(
      `    ${t.name.padEnd(32)} ${t.rows.toLocaleString('en-US').padStart(12)} rows ` +
        `${mb(t.bytes).padStart(11)}   per 1,000 orders: ${perThousand(t.rows).padStart(6)} rows ` +
        `${mb((t.bytes / orders) * 1000).padStart(9)}`,
    );
  }
  return lines;
}

import { type Kysely, SqliteAdapter, sql } from 'kysely';

// Revenue rollups are upserted by adding a batch's deltas in the database (no read back into
// JavaScript), and their coupon multisets ('id:count,…') are merged there by add_multisets.
// On PostgreSQL it is this SQL function, in the store's schema; SQLite has no stored functions,
// so `openDatabase` registers the JavaScript `addMultisets` on each connection instead. Both
// write the text `formatMultiset` writes: ids ascending, zero counts dropped.
type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql`CREATE OR REPLACE FUNCTION add_multisets(a text, b text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
      SELECT COALESCE(string_agg(id || ':' || n, ',' ORDER BY id), '')
      FROM (
        SELECT split_part(entry, ':', 1)::bigint AS id, SUM(split_part(entry, ':', 2)::bigint) AS n
        FROM unnest(string_to_array(a || ',' || b, ',')) AS entry
        WHERE entry <> ''
        GROUP BY 1
      ) t
      WHERE n <> 0
    $$`.execute(db);
}

export async function down(db: Db): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql`DROP FUNCTION IF EXISTS add_multisets(text, text)`.execute(db);
}

import { type Kysely, SqliteAdapter, sql } from 'kysely';

// Versions of the picker search sets. The pickers search products, variations and
// customers in memory (analytics/search/load.ts); these triggers change a set's version
// whenever a row it is read from is written, by whatever code writes it, so a search can tell
// that its copy is stale. A version is a random number rather than a counter, so that emptying
// the table (resetStore) can never bring back a version a copy was built from. A later
// migration that rebuilds one of these tables must create its triggers again.
type Db = Kysely<unknown>;

/** Tables (and the columns whose updates matter) behind each version kind. */
const WATCHED: [kind: 'products' | 'customers', table: string, columns: string[]][] = [
  [
    'products',
    'products',
    ['id', 'parent_id', 'type', 'status', 'name', 'sku', 'total_sales', 'date_created'],
  ],
  ['products', 'product_attributes', ['product_id', 'attribute_id', 'term_id']],
  ['products', 'attribute_terms', ['name', 'slug']],
  [
    'customers',
    'customers',
    ['id', 'first_name', 'last_name', 'username', 'email', 'date_registered'],
  ],
];

/** 2^53 - 1: versions stay exact as JavaScript numbers. */
const MAX_VERSION = '9007199254740991';

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('search_versions')
    .addColumn('kind', 'varchar(20)', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    // SQLite has row triggers only: one small upsert per written row.
    const bump = (kind: string) =>
      `INSERT INTO search_versions (kind, version) VALUES ('${kind}', random() & ${MAX_VERSION})
       ON CONFLICT (kind) DO UPDATE SET version = excluded.version;`;
    for (const [kind, table, columns] of WATCHED) {
      for (const [event, name] of [
        ['INSERT', 'ins'],
        ['DELETE', 'del'],
        [`UPDATE OF ${columns.join(', ')}`, 'upd'],
      ] as const) {
        await sql
          .raw(
            `CREATE TRIGGER ${table}_search_${name} AFTER ${event} ON ${table}
             BEGIN ${bump(kind)} END`,
          )
          .execute(db);
      }
    }
    return;
  }
  // PostgreSQL: one bump per statement. The function and triggers live in the store's schema.
  await sql
    .raw(
      `CREATE FUNCTION search_versions_bump() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         INSERT INTO search_versions (kind, version)
         VALUES (TG_ARGV[0], floor(random() * ${MAX_VERSION})::bigint)
         ON CONFLICT (kind) DO UPDATE SET version = excluded.version;
         RETURN NULL;
       END $$`,
    )
    .execute(db);
  for (const [kind, table, columns] of WATCHED) {
    await sql
      .raw(
        `CREATE TRIGGER ${table}_search_version
         AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF ${columns.join(', ')} ON ${table}
         FOR EACH STATEMENT EXECUTE FUNCTION search_versions_bump('${kind}')`,
      )
      .execute(db);
  }
}

export async function down(db: Db): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    for (const [, table] of WATCHED) {
      for (const name of ['ins', 'del', 'upd']) {
        await sql.raw(`DROP TRIGGER IF EXISTS ${table}_search_${name}`).execute(db);
      }
    }
  } else {
    for (const [, table] of WATCHED) {
      await sql.raw(`DROP TRIGGER IF EXISTS ${table}_search_version ON ${table}`).execute(db);
    }
    await sql.raw('DROP FUNCTION IF EXISTS search_versions_bump()').execute(db);
  }
  await db.schema.dropTable('search_versions').ifExists().execute();
}

import { type Kysely, SqliteAdapter, sql } from 'kysely';

// The customers list sorts a NULL registration or last-active date below every value, as
// WooCommerce's MySQL and SQLite do (guests, who have no registration date, come last in the
// report's default order, newest registration first). PostgreSQL sorts NULL above every value
// unless the ORDER BY says NULLS FIRST / NULLS LAST, and reads an index in that order only if
// the index was built so: ascending NULLS FIRST read forwards, descending NULLS LAST read
// backwards. The two indexes are built that way here (SQLite's already sort NULL first).
type Db = Kysely<unknown>;

const INDEXES = [
  ['customers_registered_id', 'date_registered'],
  ['customers_last_active_id', 'date_last_active'],
] as const;

const isSqlite = (db: Db) => db.getExecutor().adapter instanceof SqliteAdapter;

async function rebuild(db: Db, nulls: string): Promise<void> {
  if (isSqlite(db)) return;
  for (const [name, column] of INDEXES) {
    await db.schema.dropIndex(name).ifExists().execute();
    await sql.raw(`CREATE INDEX ${name} ON customers (${column}${nulls}, id)`).execute(db);
  }
}

export async function up(db: Db): Promise<void> {
  await rebuild(db, ' NULLS FIRST');
}

export async function down(db: Db): Promise<void> {
  await rebuild(db, '');
}

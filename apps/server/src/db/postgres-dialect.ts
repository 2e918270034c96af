import {
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  type MigrationLockOptions,
  PostgresAdapter,
  PostgresDialect,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from 'kysely';

/** The migrator's own tables, listed only when asked for (as Kysely's introspector does). */
const KYSELY_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

/**
 * PostgreSQL: the tables of the schemas on the connection's search path, for Kysely's
 * migrator (which asks at every start whether its own tables exist) and `resetStore`.
 *
 * Kysely's own introspector reads every schema on the server and looks each one up by name
 * (`has_schema_privilege(nspname, …)`): when another schema is dropped while it reads, the
 * lookup fails with "schema … does not exist" and the store does not open. Several stores on
 * one server (the tests' and benches' schemas, dropped as each ends) hit it; a store only ever
 * needs its own schemas, and these joins go by oid.
 */
export class SearchPathIntrospector implements DatabaseIntrospector {
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's introspectors take any database.
  constructor(private readonly db: Kysely<any>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const rows = await sql<{ name: string }>`
      SELECT unnest(current_schemas(false)) AS name`.execute(this.db);
    return rows.rows;
  }

  async getTables(
    options: DatabaseMetadataOptions = { withInternalKyselyTables: false },
  ): Promise<TableMetadata[]> {
    const rows = await sql<{
      schema: string;
      table: string;
      kind: string;
      column: string;
      type: string;
      type_schema: string;
      not_null: boolean;
      has_default: boolean;
      auto_incrementing: boolean;
      description: string | null;
    }>`
      SELECT ns.nspname AS schema, c.relname AS table, c.relkind AS kind,
        a.attname AS column, t.typname AS type, tns.nspname AS type_schema,
        a.attnotnull AS not_null, a.atthasdef AS has_default,
        (a.attidentity <> '' OR COALESCE(pg_get_expr(d.adbin, d.adrelid) LIKE 'nextval(%', false))
          AS auto_incrementing,
        col_description(c.oid, a.attnum) AS description
      FROM pg_class c
      JOIN pg_namespace ns ON ns.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid
      JOIN pg_type t ON t.oid = a.atttypid
      JOIN pg_namespace tns ON tns.oid = t.typnamespace
      LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
      WHERE ns.nspname = ANY (current_schemas(false))
        AND c.relkind IN ('r', 'v', 'p') AND a.attnum >= 0 AND NOT a.attisdropped
      ORDER BY ns.nspname, c.relname, a.attnum`.execute(this.db);
    const tables = new Map<
      string,
      TableMetadata & { columns: TableMetadata['columns'][number][] }
    >();
    for (const row of rows.rows) {
      if (!options.withInternalKyselyTables && KYSELY_TABLES.has(row.table)) continue;
      const key = `${row.schema}.${row.table}`;
      let table = tables.get(key);
      if (!table) {
        table = { schema: row.schema, name: row.table, isView: row.kind === 'v', columns: [] };
        tables.set(key, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default,
        isAutoIncrementing: row.auto_incrementing,
        ...(row.description === null ? {} : { comment: row.description }),
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/**
 * Kysely's PostgreSQL adapter, with the migration lock taken per schema.
 *
 * Kysely's own adapter takes one advisory lock id for every migration on the database, so stores
 * in different schemas of one server (the tests' and benches' stores, created side by side) wait
 * for each other's whole migration run. Two processes migrating the same store still take the
 * same lock: its id is the hash of the schema that holds the store's migration table.
 */
export class StorePostgresAdapter extends PostgresAdapter {
  // biome-ignore lint/suspicious/noExplicitAny: as DialectAdapter's own signature.
  override async acquireMigrationLock(db: Kysely<any>, options: MigrationLockOptions) {
    await sql`
      SELECT set_config('lock_timeout', ${String(MIGRATION_LOCK_TIMEOUT_MS)}, true),
        pg_advisory_lock(${migrationLockId(options)})`.execute(db);
  }

  // biome-ignore lint/suspicious/noExplicitAny: as DialectAdapter's own signature.
  override async releaseMigrationLock(db: Kysely<any>, options: MigrationLockOptions) {
    await sql`SELECT pg_advisory_unlock(${migrationLockId(options)})`.execute(db);
  }
}

/** As long as Kysely's own adapter waits for the lock: an hour. */
const MIGRATION_LOCK_TIMEOUT_MS = 60 * 60 * 1000;

/** The advisory lock id of the migrations of the store whose migration table `options` names. */
function migrationLockId(options: MigrationLockOptions) {
  const schema = options.lockTableSchema
    ? sql`${options.lockTableSchema}::text`
    : sql`current_schema()`;
  return sql`hashtextextended('storelens migrations ' || ${schema}, 0)`;
}

/** Kysely's PostgreSQL dialect with `SearchPathIntrospector` and `StorePostgresAdapter`. */
export class StorePostgresDialect extends PostgresDialect {
  // biome-ignore lint/suspicious/noExplicitAny: as DatabaseIntrospector's own signature.
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new SearchPathIntrospector(db);
  }

  override createAdapter(): StorePostgresAdapter {
    return new StorePostgresAdapter();
  }
}

import { type Kysely, SqliteAdapter, sql } from 'kysely';

// Several server processes on one PostgreSQL database: a background job is claimed
// by one process at a time. `owner` names the job runner (admin/jobs/runner.ts `newOwner`) and
// `lease_until_ms` is when its claim lapses unless renewed (the heartbeat); another process
// takes over a job whose lease lapsed, so a job whose process died is resumed, and one whose
// process lives is never run twice. `leases` holds named claims of the same kind for work that
// is not a job (db/lease.ts: applying webhook deliveries, one process at a time).
//
// On PostgreSQL, statement triggers send a change notice (NOTIFY storelens_changes, payload
// '<schema> <topic>') whenever orders are ingested or removed (`order_stats`: topic `reports`)
// and whenever a picker set's version moves (`search_versions`: topic `search`), whoever
// writes; every server process listens (db/changes.ts) and drops its report cache or reloads
// its picker sets. NOTIFY is delivered at commit, once per transaction and payload.
type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('admin_jobs').addColumn('owner', 'varchar(100)').execute();
  await db.schema.alterTable('admin_jobs').addColumn('lease_until_ms', 'bigint').execute();
  await db.schema
    .createTable('leases')
    .addColumn('name', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('owner', 'varchar(100)', (c) => c.notNull())
    .addColumn('until_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('admin_jobs_status')
    .on('admin_jobs')
    .columns(['status', 'lease_until_ms'])
    .execute();
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql
    .raw(
      `CREATE FUNCTION storelens_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         PERFORM pg_notify('storelens_changes', TG_TABLE_SCHEMA || ' ' || TG_ARGV[0]);
         RETURN NULL;
       END $$`,
    )
    .execute(db);
  for (const [table, topic] of NOTIFYING) {
    await sql
      .raw(
        `CREATE TRIGGER ${table}_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
         FOR EACH STATEMENT EXECUTE FUNCTION storelens_notify_change('${topic}')`,
      )
      .execute(db);
  }
}

/** Tables whose writes send a change notice, and its topic. */
const NOTIFYING = [
  ['order_stats', 'reports'],
  ['search_versions', 'search'],
] as const;

export async function down(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    for (const [table] of NOTIFYING)
      await sql.raw(`DROP TRIGGER IF EXISTS ${table}_notify ON ${table}`).execute(db);
    await sql.raw('DROP FUNCTION IF EXISTS storelens_notify_change()').execute(db);
  }
  await db.schema.dropIndex('admin_jobs_status').execute();
  await db.schema.dropTable('leases').execute();
  await db.schema.alterTable('admin_jobs').dropColumn('lease_until_ms').execute();
  await db.schema.alterTable('admin_jobs').dropColumn('owner').execute();
}

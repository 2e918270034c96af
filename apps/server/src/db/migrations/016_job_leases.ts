import type { Kysely } from 'kysely';

// Several server processes on one PostgreSQL database (issue 21): a background job is claimed
// by one process at a time. `owner` names the job runner (admin/jobs/runner.ts `newOwner`) and
// `lease_until_ms` is when its claim lapses unless renewed (the heartbeat); another process
// takes over a job whose lease lapsed, so a job whose process died is resumed, and one whose
// process lives is never run twice. `leases` holds named claims of the same kind for work that
// is not a job (db/lease.ts: applying webhook deliveries, one process at a time).
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
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('admin_jobs_status').execute();
  await db.schema.dropTable('leases').execute();
  await db.schema.alterTable('admin_jobs').dropColumn('lease_until_ms').execute();
  await db.schema.alterTable('admin_jobs').dropColumn('owner').execute();
}

import type { Kysely } from 'kysely';

// The Downloads report names each download's customer by joining customers on user_id, which
// had no index: PostgreSQL scanned every customer for it (60 s at 100,000 orders, and eight
// such requests held the whole pool). test/report-plans.test.ts keeps every report's plan
// free of such scans.
type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  await db.schema.createIndex('customers_user').on('customers').columns(['user_id']).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('customers_user').execute();
}

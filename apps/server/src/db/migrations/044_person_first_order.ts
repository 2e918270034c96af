import { type Kysely, sql } from 'kysely';

// Each person's first counted order (earliest by the date type, then the lowest id) on
// person_summary, so a filtered Sources list finds its first-touch customers by joining each
// person's first order rather than ranking every counted order (analytics/sources.ts). Kept
// with the rest of person_summary, so the state row is removed: the start-up job that builds
// customers over time fills the column, on a fresh store and an existing one alike. Frozen:
// this file imports no live code.
type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('person_summary').addColumn('first_order', 'bigint').execute();
  await sql.raw('DELETE FROM customer_time_state').execute(db);
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('person_summary').dropColumn('first_order').execute();
  await sql.raw('DELETE FROM customer_time_state').execute(db);
}

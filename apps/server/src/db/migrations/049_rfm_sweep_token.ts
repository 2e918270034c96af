import type { Kysely } from 'kysely';

// The RFM sweep (analytics/rfm-days.ts) keeps its replayed rows in memory between sweeps, so
// the next sweep replays only from the earliest changed day instead of every row. That memory
// is good only while no other process swept meanwhile: each sweep writes a new token here, and
// a process whose remembered token is not the one stored sweeps from the first day. Frozen:
// this file imports no live code.
type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('rfm_state')
    .addColumn('sweep', 'varchar(36)', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('rfm_state').dropColumn('sweep').execute();
}

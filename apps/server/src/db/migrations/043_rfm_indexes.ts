import type { Kysely } from 'kysely';

// The RFM groups (analytics/cohorts.ts) score each measure of person_summary in quintiles,
// which needs only four values of each in order: the value at a position is one read of an
// index in that order with OFFSET, instead of ranking every person. One index per measure
// (last order, orders, net sales), with the person so that a read leaving some persons out
// (those read again as of an earlier date) checks them from the index alone. Frozen: this
// file imports no live code.
type Db = Kysely<unknown>;

const INDEXES = [
  ['person_summary_last_at', 'last_at'],
  ['person_summary_orders', 'orders'],
  ['person_summary_net', 'net'],
] as const;

export async function up(db: Db): Promise<void> {
  for (const [name, column] of INDEXES)
    await db.schema.createIndex(name).on('person_summary').columns([column, 'person']).execute();
}

export async function down(db: Db): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute();
}

import type { Kysely } from 'kysely';

// A digest of each order as the connector last ingested it (connect/records.ts). The shop's
// modification dates have one-second steps, so an order sent again with the date already
// applied might still be a newer change and was ingested again; reconciliation re-read every
// order that webhooks had just applied (its window overlaps theirs), each re-ingested at the
// cost of its customer's history. With the digest, an order equal to the one applied is
// passed over. Rows from before have none: their orders are ingested once more.
type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('connection_records').addColumn('digest', 'varchar(64)').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('connection_records').dropColumn('digest').execute();
}

import { type Kysely, sql } from 'kysely';

// Who a customer is over time depends on their e-mail without case (analytics/customer-time.ts):
// the connector's customer writes, and an order of a new guest, look up every customer sharing
// an e-mail as `LOWER(email) IN (...)`, which the index on `email` cannot answer: each batch
// read the whole customers table. An index on the expression answers it with a lookup per
// e-mail, on both engines.
type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS customers_email_lower ON customers (LOWER(email))`.execute(
    db,
  );
}

export async function down(db: Db): Promise<void> {
  await sql`DROP INDEX IF EXISTS customers_email_lower`.execute(db);
}

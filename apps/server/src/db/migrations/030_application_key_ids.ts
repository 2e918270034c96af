import type { Kysely } from 'kysely';

// Application passwords become API keys with an identifier (auth/secrets.ts): the key a user
// pastes starts with a public id that finds its one record through a unique index, and the
// rest is a high-entropy secret stored as its SHA-256. Before, every request ran scrypt once
// per stored password of the user. Keys made before have no id (NULL here; NULLs do not
// collide in a unique index): they are no longer accepted and the Profile page lists them as
// needing replacement, since finding which one was sent would take scrypt over all of them.
//
// login_backoff: failed tries per account and client address, with the time the next try is
// let through (exponential backoff, auth/throttle.ts). The per-address limit stays a
// fixed-window count in rate_limits.
type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('application_passwords').addColumn('key_id', 'varchar(16)').execute();
  await db.schema
    .createIndex('application_passwords_key_id')
    .on('application_passwords')
    .column('key_id')
    .unique()
    .execute();
  await db.schema
    .createTable('login_backoff')
    .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
    // Tries of the current series let through to the check (a success deletes the row).
    .addColumn('tries', 'bigint', (c) => c.notNull())
    // When the last try was let through, and when the next one may be (epoch ms).
    .addColumn('last_ms', 'bigint', (c) => c.notNull())
    .addColumn('next_ms', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('login_backoff').ifExists().execute();
  await db.schema.dropIndex('application_passwords_key_id').ifExists().execute();
  await db.schema.alterTable('application_passwords').dropColumn('key_id').execute();
}

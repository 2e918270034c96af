import type { Kysely } from 'kysely';

// Accounts, sessions, application passwords, one-time tokens (setup, invitations, password
// resets) and login throttling. Kept in the database, not in memory, so any process answering
// the store sees the same sessions and counts. Secrets (session tokens, one-time tokens,
// application passwords) are stored only as hashes.
type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('email', 'varchar(191)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(191)', (c) => c.notNull())
    .addColumn('role', 'varchar(20)', (c) => c.notNull())
    // '' while an invitation is pending: no password logs in.
    .addColumn('password_hash', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('active'))
    // woocommerce_meta: a JSON object of JSON strings.
    .addColumn('meta', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_gmt', 'varchar(19)', (c) => c.notNull())
    .addColumn('last_login_gmt', 'varchar(19)')
    .execute();

  await db.schema
    .createTable('user_sessions')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('nonce', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_gmt', 'varchar(19)', (c) => c.notNull())
    .addColumn('expires_gmt', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_sessions_user').on('user_sessions').column('user_id').execute();

  await db.schema
    .createTable('application_passwords')
    .addColumn('uuid', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('name', 'varchar(191)', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_gmt', 'varchar(19)', (c) => c.notNull())
    .addColumn('last_used_gmt', 'varchar(19)')
    .execute();
  await db.schema
    .createIndex('application_passwords_user')
    .on('application_passwords')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('user_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('user_id', 'bigint')
    .addColumn('expires_gmt', 'varchar(19)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('window_start_ms', 'bigint', (c) => c.notNull())
    .addColumn('hits', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Db): Promise<void> {
  for (const table of [
    'rate_limits',
    'user_tokens',
    'application_passwords',
    'user_sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

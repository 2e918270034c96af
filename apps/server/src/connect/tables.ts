import { nowGmt } from '../clock';
import type { Db } from '../db/database';

/** Tables of migration 014 (merged into the store's Database type). */
export interface ConnectionTable {
  id: number;
  url: string;
  consumer_key: string;
  consumer_secret: string;
  webhook_secret: string;
  status: string;
  /** JSON: the shop's name, WooCommerce version, currency and time zone. */
  store: string;
  can_write: number;
  /** The import or reconciliation job running for it, if any. */
  job_id: string | null;
  /** JSON: the last import progress (kept while paused and once done). */
  progress: string;
  last_change_gmt: string | null;
  last_reconciled_gmt: string | null;
  /** Reconciliation asks for records modified since this (minus an overlap). */
  cursor_gmt: string | null;
  created_gmt: string;
}
export interface ConnectionWebhookTable {
  connection_id: number;
  topic: string;
  webhook_id: number;
  status: string;
}
export interface ConnectionErrorTable {
  id: number;
  connection_id: number;
  at_gmt: string;
  message: string;
  retry: string;
}
export interface ConnectionDeliveryTable {
  connection_id: number;
  delivery_id: string;
  topic: string;
  body: string;
  received_gmt: string;
  /** 0 waiting, 1 applied, -1 given up after repeated failures. */
  applied: number;
  tries: number;
}
export interface ConnectionRecordTable {
  kind: string;
  record_id: number;
  modified_gmt: string;
  /** Orders: the digest of the order as ingested (connect/records.ts); NULL otherwise. */
  digest: string | null;
}
export interface ConnectionGuestTable {
  email: string;
  customer_id: number;
}

declare module '../db/schema' {
  interface Database {
    connections: ConnectionTable;
    connection_webhooks: ConnectionWebhookTable;
    connection_errors: ConnectionErrorTable;
    connection_deliveries: ConnectionDeliveryTable;
    connection_records: ConnectionRecordTable;
    connection_guests: ConnectionGuestTable;
  }
}

export type ConnectionStatus = 'importing' | 'syncing' | 'idle' | 'paused' | 'error';

/** What the shop told about itself when connected. */
export interface ShopInfo {
  name: string;
  wc_version: string;
  currency: string;
  timezone: string;
}

export async function readConnection(db: Db, id: number): Promise<ConnectionTable | undefined> {
  const row = await db.kysely
    .selectFrom('connections')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { ...row, id: Number(row.id), can_write: Number(row.can_write) } : undefined;
}

export async function listConnections(db: Db): Promise<ConnectionTable[]> {
  const rows = await db.kysely.selectFrom('connections').selectAll().orderBy('id').execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), can_write: Number(row.can_write) }));
}

export async function updateConnection(
  db: Db,
  id: number,
  values: Partial<Omit<ConnectionTable, 'id'>>,
): Promise<void> {
  await db.kysely.updateTable('connections').set(values).where('id', '=', id).execute();
}

/** Errors kept per connection (the page shows the latest). */
const KEEP_ERRORS = 50;

/**
 * Logs an error with what was (or will be) retried. Its id is the next after the latest (the
 * page lists the latest, and the trim below counts back from it). Requests that fail together
 * log at once: on PostgreSQL two of them can read the same latest id, so an id already taken
 * is skipped and the next tried, rather than the insert failing (which failed the import step
 * that was logging why it stopped, and left the connection showing it was importing).
 */
export async function logError(db: Db, connectionId: number, message: string, retry: string) {
  let id = 0;
  for (let inserted = false; !inserted; ) {
    const [row] = await db.kysely
      .selectFrom('connection_errors')
      .select((eb) => eb.fn.max('id').as('id'))
      .execute();
    id = Math.max(id, Number(row?.id ?? 0)) + 1;
    const result = await db.kysely
      .insertInto('connection_errors')
      .values({ id, connection_id: connectionId, at_gmt: nowGmt(), message, retry })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    inserted = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }
  await db.kysely
    .deleteFrom('connection_errors')
    .where('connection_id', '=', connectionId)
    .where('id', '<=', id - KEEP_ERRORS)
    .execute();
}

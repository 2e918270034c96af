import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from './database';

/** The channel every Storelens process listens on (triggers of migration 016 notify it). */
export const CHANGES_CHANNEL = 'storelens_changes';

/** What changed: report data (orders ingested or removed, settings) or a picker set. */
export type ChangeTopic = 'reports' | 'search';

/** The schema a store's notices name (its tables' schema). */
const schemaOf = (db: Pick<Db, 'schema'>) => db.schema ?? 'public';

/** Sends a change notice to every process of the store (delivered when the statement commits). */
export async function notifyChange(db: Db, topic: ChangeTopic): Promise<void> {
  if (db.engine !== 'postgres') return;
  await sql`SELECT pg_notify(${CHANGES_CHANNEL}, ${`${schemaOf(db)} ${topic}`})`.execute(db.kysely);
}

export interface ChangeHandlers {
  /** Another process changed `topic`. */
  notice(topic: ChangeTopic): void;
  /** Listening (again): notices may have been missed before, so drop what they would have. */
  listening(): void;
  /** The listening connection was lost: until `listening`, no notice arrives. */
  lost(): void;
}

/**
 * The listening side of change notices: one dedicated PostgreSQL connection (not the pool's:
 * LISTEN belongs to a session) that runs `LISTEN storelens_changes` and hands on the notices
 * for this store's schema that other processes sent. Notices from this process's own pool
 * connections are skipped (their change was already handled here). When the connection is
 * lost (a database restart, pg_terminate_backend, a network cut) it reconnects with doubling
 * pauses up to 5 s. Its socket and timers never keep the process alive.
 */
export class ChangeListener {
  private client: pg.Client | undefined;
  private closed = false;
  private retryMs = 100;
  private timer: NodeJS.Timeout | undefined;
  /** True while LISTEN is in place. */
  live = false;

  constructor(
    private readonly db: Db,
    private readonly handlers: ChangeHandlers,
  ) {}

  /** Connects; resolves once listening or after the first failed try (it keeps trying). */
  async start(): Promise<void> {
    await this.connect();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    this.live = false;
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({
      connectionString: this.db.url,
      application_name: `storelens-listen${this.db.schema ? `:${this.db.schema}` : ''}`.slice(
        0,
        63,
      ),
      keepAlive: true,
      connectionTimeoutMillis: 5_000,
    });
    const schema = schemaOf(this.db);
    client.on('notification', (message) => {
      if (message.channel !== CHANGES_CHANNEL || !message.payload) return;
      if (this.db.backends?.has(message.processId)) return;
      const [from, topic] = message.payload.split(' ');
      if (from !== schema || (topic !== 'reports' && topic !== 'search')) return;
      this.handlers.notice(topic);
    });
    const drop = () => this.dropped(client);
    client.on('error', drop);
    client.on('end', drop);
    this.client = client;
    try {
      await client.connect();
      // The socket must not hold the process open (pg has no unref of its own).
      (
        client as unknown as { connection?: { stream?: { unref?(): void } } }
      ).connection?.stream?.unref?.();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
      if (this.closed || this.client !== client) return;
      this.live = true;
      this.retryMs = 100;
      this.handlers.listening();
    } catch {
      this.dropped(client);
    }
  }

  private dropped(client: pg.Client) {
    if (this.client !== client) return;
    this.client = undefined;
    const wasLive = this.live;
    this.live = false;
    client.end().catch(() => {});
    if (wasLive) this.handlers.lost();
    if (this.closed) return;
    this.timer = setTimeout(() => void this.connect(), this.retryMs);
    this.timer.unref();
    this.retryMs = Math.min(this.retryMs * 2, 5_000);
  }
}

import { sql } from 'kysely';
import type { Db } from '../db/database';

/**
 * Database-backed fixed-window rate limits (login attempts, export creation), so every
 * process answering the store counts the same attempts.
 */
export interface Limit {
  /** Hits allowed per window. */
  max: number;
  windowMs: number;
}

export const LIMITS = {
  /** Failed logins per account. */
  loginAccount: { max: 5, windowMs: 15 * 60_000 },
  /** Failed logins per client address. */
  loginAddress: { max: 20, windowMs: 15 * 60_000 },
  /** Exports started per user. */
  exports: { max: 30, windowMs: 10 * 60_000 },
} as const satisfies Record<string, Limit>;

/** Milliseconds until `key` may try again, or 0 when it is under its limit. */
export async function retryAfter(db: Db, key: string, limit: Limit, now = Date.now()) {
  const row = await db.kysely
    .selectFrom('rate_limits')
    .select(['window_start_ms', 'hits'])
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row) return 0;
  const start = Number(row.window_start_ms);
  if (now - start >= limit.windowMs) return 0;
  return Number(row.hits) >= limit.max ? start + limit.windowMs - now : 0;
}

/**
 * Counts one hit for `key` (a new window starts when the last one ended). One upsert that
 * decides in SQL whether the window ended, so hits counted at once by several processes (or
 * connections) are never lost: a read-then-write could let two restart the window together.
 */
export async function hit(db: Db, key: string, limit: Limit, now = Date.now()): Promise<void> {
  const ended = sql<boolean>`${now} - rate_limits.window_start_ms >= ${limit.windowMs}`;
  await db.kysely
    .insertInto('rate_limits')
    .values({ key, window_start_ms: now, hits: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        window_start_ms: sql`CASE WHEN ${ended} THEN ${now} ELSE rate_limits.window_start_ms END`,
        hits: sql`CASE WHEN ${ended} THEN 1 ELSE rate_limits.hits + 1 END`,
      }),
    )
    .execute();
}

/** Forgets `key`'s hits (a successful login clears its account's failures). */
export async function clear(db: Db, key: string): Promise<void> {
  await db.kysely.deleteFrom('rate_limits').where('key', '=', key).execute();
}

import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { authError } from './errors';
import { normalEmail } from './users';

/**
 * Throttling of secret checks, kept in the database so that every process answering the store
 * counts the same tries (OWASP's authentication cheat sheet: slow the attacker down without
 * locking the owner out):
 *
 * - per account and client address (`pairKey`), exponential backoff: `BACKOFF.free` failed
 *   tries, then a wait of 1 s before the next, 2 s, 4 s… up to 15 minutes; a success clears
 *   it. Someone guessing the owner's password from elsewhere slows only their own pair: the
 *   owner, from their own address, is never made to wait by it.
 * - per client address (`addressKey` in plugin.ts), a looser fixed window: `LIMITS.address`
 *   failed checks per 15 minutes, for one address guessing many accounts.
 *
 * The login form counts a try before checking its password (`takeTurn`: one upsert per
 * counter, which increments and answers in the same statement), so tries sent at once are
 * refused without being checked once the count is reached, and a success gives its count
 * back. Application passwords and one-time links are 142- and 256-bit random secrets that cost
 * one indexed lookup and one SHA-256 to check, about what a session cookie costs: they read the
 * counters first (`throttleState`), refuse a throttled try unchecked, and count a failure after
 * it (`countFailure`), so a successful key request writes nothing.
 */
export interface Limit {
  /** Hits allowed per window. */
  max: number;
  windowMs: number;
}

export const LIMITS = {
  /**
   * Failed checks per client address in a window, whatever the account and the kind of
   * secret: for one address guessing many accounts. Loose, since a whole office can share one
   * address.
   */
  address: { max: 100, windowMs: 15 * 60_000 },
  /** Exports started per user. */
  exports: { max: 30, windowMs: 10 * 60_000 },
  /** Password-reset requests per client address: each may send an e-mail. */
  resetRequests: { max: 10, windowMs: 15 * 60_000 },
  /**
   * Reset e-mails per account: a stranger who knows an address cannot fill its inbox. A
   * request over the limit is answered as any other and sends nothing.
   */
  resetMails: { max: 3, windowMs: 60 * 60_000 },
} as const satisfies Record<string, Limit>;

/** Exponential backoff of failed tries (per account and address). */
export interface Backoff {
  /** Failed tries let through before any wait. */
  free: number;
  /** The first wait, doubled after each further failure… */
  baseMs: number;
  /** …up to this. */
  maxMs: number;
  /** A series with no try for this long is forgotten (at least `maxMs`). */
  forgetMs: number;
}

export const BACKOFF: Backoff = {
  free: 5,
  baseMs: 1_000,
  maxMs: 15 * 60_000,
  forgetMs: 24 * 3600_000,
};

/** The clock of each store's throttling (tests set one with {@link setAuthClock}). */
const clocks = new WeakMap<Db, () => number>();

/** Sets the clock the throttling of `db` reads; `undefined` goes back to `Date.now`. */
export function setAuthClock(db: Db, now?: () => number): void {
  if (now) clocks.set(db, now);
  else clocks.delete(db);
}

/** Now, by the throttling clock of `db`. */
export const authNow = (db: Db) => (clocks.get(db) ?? Date.now)();

/** The counters one try counts against: its client address, and its account there. */
export interface TryKeys {
  address: string;
  pair?: string;
}

const accountHash = (email: string) =>
  createHash('sha256').update(normalEmail(email)).digest('hex');

/**
 * The counter of one account (the e-mail as sent, which may be anyone's or no one's) tried
 * from one address, by kind of secret: a script with a revoked key does not slow its owner's
 * logins. The e-mail is hashed, so any length fits the key column.
 */
export const pairKey = (kind: 'login' | 'key', email: string, address: string) =>
  `${kind}:${accountHash(email)}|${address}`;

/** The counter of the reset e-mails sent to one account, from any address. */
export const resetMailKey = (email: string) => `reset-mail:${accountHash(email)}`;

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

/** SQL: whether `key`'s window (the row being upserted) has ended by `now`. */
const windowEnded = (now: number, limit: Limit) =>
  sql<boolean>`${now} - rate_limits.window_start_ms >= ${limit.windowMs}`;

/**
 * Counts one hit for `key` (a new window starts when the last one ended). One upsert that
 * decides in SQL whether the window ended, so hits counted at once by several processes (or
 * connections) are never lost: a read-then-write could let two restart the window together.
 */
export async function hit(db: Db, key: string, limit: Limit, now = Date.now()): Promise<void> {
  const ended = windowEnded(now, limit);
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

/** Forgets `key`'s hits. */
export async function clear(db: Db, key: string): Promise<void> {
  await db.kysely.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/**
 * Takes one hit of `key`'s window if it has one left: the upsert updates the row only under
 * the limit (or once the window ended), and answers a row only when it did, so of tries sent
 * at once exactly those under the limit get through. Answers the window's start (to give the
 * hit back) or the wait.
 */
async function takeHit(
  db: Db,
  key: string,
  limit: Limit,
  now: number,
): Promise<{ start: number } | { waitMs: number }> {
  const ended = windowEnded(now, limit);
  const row = await db.kysely
    .insertInto('rate_limits')
    .values({ key, window_start_ms: now, hits: 1 })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({
          window_start_ms: sql`CASE WHEN ${ended} THEN ${now} ELSE rate_limits.window_start_ms END`,
          hits: sql`CASE WHEN ${ended} THEN 1 ELSE rate_limits.hits + 1 END`,
        })
        .where(sql<boolean>`${ended} OR rate_limits.hits < ${limit.max}`),
    )
    .returning('window_start_ms')
    .executeTakeFirst();
  if (row) return { start: Number(row.window_start_ms) };
  return { waitMs: Math.max(1, await retryAfter(db, key, limit, now)) };
}

/** Gives back a hit taken in the window that started at `start` (if it is still the one). */
async function giveBack(db: Db, key: string, start: number): Promise<void> {
  await db.kysely
    .updateTable('rate_limits')
    .set({ hits: sql`hits - 1` })
    .where('key', '=', key)
    .where('window_start_ms', '=', start)
    .where('hits', '>', 0)
    .execute();
}

/**
 * Lets one try of `key` through if its backoff allows one now, and sets the wait after it
 * (should it fail): none for the first `free - 1`, then `baseMs`, doubled at each further try
 * up to `maxMs`. The upsert updates the row only when the wait is over and answers a row only
 * then: of tries sent at once, one gets through once waits begin. False when refused.
 */
async function letThrough(db: Db, key: string, backoff: Backoff, now: number): Promise<boolean> {
  const fresh = sql<boolean>`${now} - login_backoff.last_ms >= ${backoff.forgetMs}`;
  const previous = sql<number>`(login_backoff.next_ms - login_backoff.last_ms)`;
  const firstWait = backoff.free <= 1 ? backoff.baseMs : 0;
  const row = await db.kysely
    .insertInto('login_backoff')
    .values({ key, tries: 1, last_ms: now, next_ms: now + firstWait })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({
          tries: sql`CASE WHEN ${fresh} THEN 1 ELSE login_backoff.tries + 1 END`,
          last_ms: sql`${now}`,
          next_ms: sql`${now} + CASE
            WHEN ${fresh} THEN ${firstWait}
            WHEN login_backoff.tries + 1 < ${backoff.free} THEN 0
            WHEN 2 * ${previous} >= ${backoff.maxMs} THEN ${backoff.maxMs}
            WHEN 2 * ${previous} < ${backoff.baseMs} THEN ${backoff.baseMs}
            ELSE 2 * ${previous} END`,
        })
        .where(sql<boolean>`${now} >= login_backoff.next_ms`),
    )
    .returning('tries')
    .executeTakeFirst();
  return row !== undefined;
}

/** Milliseconds until `key`'s backoff lets a try through (at least 1). */
async function backoffWait(db: Db, key: string, now: number): Promise<number> {
  const row = await db.kysely
    .selectFrom('login_backoff')
    .select('next_ms')
    .where('key', '=', key)
    .executeTakeFirst();
  return Math.max(1, Number(row?.next_ms ?? now) - now);
}

/** A try counted before its check: the wait when it may not be checked, else how to report a
 * success (which clears the pair's failures and gives the address its hit back). */
export type Turn = { waitMs: number } | { succeeded(): Promise<void> };

/**
 * Counts a try before its secret is checked (the login form): the address's window first, then
 * the pair's backoff. A refused try must not be checked; a failed one needs nothing more.
 */
export async function takeTurn(db: Db, keys: TryKeys, now = authNow(db)): Promise<Turn> {
  const address = await takeHit(db, keys.address, LIMITS.address, now);
  if ('waitMs' in address) return address;
  if (keys.pair && !(await letThrough(db, keys.pair, BACKOFF, now))) {
    // Not checked, so not a failure of the address: it counts failed checks only.
    await giveBack(db, keys.address, address.start);
    return { waitMs: await backoffWait(db, keys.pair, now) };
  }
  return {
    succeeded: async () => {
      if (keys.pair) await clearBackoff(db, keys.pair);
      await giveBack(db, keys.address, address.start);
    },
  };
}

/**
 * The throttling of a try of a cheap check (application password, one-time link), read in one
 * query: how long it must wait (0: it may be checked now), and whether its pair has failures
 * that a success should clear.
 */
export async function throttleState(
  db: Db,
  keys: TryKeys,
  now = authNow(db),
): Promise<{ waitMs: number; pairFailed: boolean }> {
  const { rows } = await sql<{ kind: string; at: number | string; count: number | string }>`
    SELECT 'address' AS kind, window_start_ms AS at, hits AS count
      FROM rate_limits WHERE "key" = ${keys.address}
    UNION ALL
    SELECT 'pair' AS kind, next_ms AS at, tries AS count
      FROM login_backoff WHERE "key" = ${keys.pair ?? ''}`.execute(db.kysely);
  let waitMs = 0;
  let pairFailed = false;
  for (const row of rows) {
    const at = Number(row.at);
    if (row.kind === 'pair') {
      pairFailed = true;
      waitMs = Math.max(waitMs, at - now);
    } else if (Number(row.count) >= LIMITS.address.max && now - at < LIMITS.address.windowMs) {
      waitMs = Math.max(waitMs, at + LIMITS.address.windowMs - now);
    }
  }
  return { waitMs, pairFailed };
}

/** Counts a failed try of a cheap check, after it failed. */
export async function countFailure(db: Db, keys: TryKeys, now = authNow(db)): Promise<void> {
  await hit(db, keys.address, LIMITS.address, now);
  // Refused only when a failure counted at the same moment began a wait: one is enough.
  if (keys.pair) await letThrough(db, keys.pair, BACKOFF, now);
}

/** Clears a pair's failures (a success). */
export async function clearBackoff(db: Db, key: string): Promise<void> {
  await db.kysely.deleteFrom('login_backoff').where('key', '=', key).execute();
}

/** Clears an account's failures from every address (a password reset proved its owner). */
export async function clearAccountBackoff(db: Db, email: string): Promise<void> {
  const hash = accountHash(email);
  await db.kysely
    .deleteFrom('login_backoff')
    .where((eb) =>
      eb.or([eb('key', 'like', `login:${hash}|%`), eb('key', 'like', `key:${hash}|%`)]),
    )
    .execute();
}

/** Answers a throttled try: 429 `storelens_too_many_attempts` with Retry-After in seconds. */
export function tooManyAttempts(reply: FastifyReply, waitMs: number): never {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  reply.header('Retry-After', String(seconds));
  throw authError('storelens_too_many_attempts', String(seconds));
}

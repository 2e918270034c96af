import { randomUUID } from 'node:crypto';
import { nowGmt } from '../clock';
import type { Db } from '../db/database';
import { isUniqueViolation } from '../db/faults';
import type { UserTable } from '../db/schema';
import { isRole, type Role } from './roles';
import {
  applicationPasswordHash,
  hashing,
  hashPassword,
  newApplicationPassword,
  newToken,
  parseApplicationPassword,
  sameSecret,
  tokenHash,
} from './secrets';

/** A user as the server works with it (no secrets). */
export interface User {
  id: number;
  email: string;
  name: string;
  role: Role;
  status: 'active' | 'pending';
  meta: Record<string, string>;
  created: string;
  lastLogin: string | null;
}

/** Sessions last two weeks from login, as WordPress's "remember me" cookie does. */
export const SESSION_MS = 14 * 24 * 3600_000;
/** Invitations and password-reset links stay valid for a week; the setup link for a day. */
export const TOKEN_MS = { invite: 7 * 24 * 3600_000, reset: 24 * 3600_000, setup: 24 * 3600_000 };
export type TokenKind = keyof typeof TOKEN_MS;

/** E-mail addresses are compared case-insensitively: stored lower-cased and trimmed. */
export const normalEmail = (email: string) => email.trim().toLowerCase();

export const MIN_PASSWORD = 8;
export const MAX_PASSWORD = 1024;

function toUser(row: Omit<UserTable, 'password_hash'>): User {
  let meta: Record<string, string> = {};
  try {
    const parsed = JSON.parse(row.meta) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      meta = parsed as Record<string, string>;
  } catch {
    meta = {};
  }
  return {
    id: Number(row.id),
    email: row.email,
    name: row.name,
    role: isRole(row.role) ? row.role : 'analyst',
    status: row.status === 'pending' ? 'pending' : 'active',
    meta,
    created: row.created_gmt,
    lastLogin: row.last_login_gmt,
  };
}

export async function userById(db: Db, id: number): Promise<User | undefined> {
  const row = await db.kysely
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toUser(row) : undefined;
}

/** A user and its password hash, by e-mail. */
export async function userByEmail(
  db: Db,
  email: string,
): Promise<{ user: User; passwordHash: string } | undefined> {
  const row = await db.kysely
    .selectFrom('users')
    .selectAll()
    .where('email', '=', normalEmail(email))
    .executeTakeFirst();
  return row ? { user: toUser(row), passwordHash: row.password_hash } : undefined;
}

export async function listUsers(db: Db): Promise<User[]> {
  const rows = await db.kysely.selectFrom('users').selectAll().orderBy('id').execute();
  return rows.map(toUser);
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Active administrators: the last one cannot be removed or demoted. */
export async function countAdministrators(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('role', '=', 'administrator')
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Thrown when an e-mail address is already an account's. */
export class DuplicateEmail extends Error {}

/** Creates a user; without a password it is pending (an invitation). */
export async function createUser(
  db: Db,
  input: { email: string; name: string; role: Role; password?: string },
): Promise<User> {
  const email = normalEmail(input.email);
  if (await userByEmail(db, email)) throw new DuplicateEmail(email);
  const passwordHash = input.password ? await hashPassword(input.password) : '';
  // Ids are max + 1 (WordPress-like small numbers). Two invitations at once can pick the same
  // id, or the same address can be added twice: the database's constraints decide, and the
  // loser takes the next id or learns the address is taken.
  for (let attempt = 0; ; attempt++) {
    const last = await db.kysely
      .selectFrom('users')
      .select((eb) => eb.fn.max('id').as('max'))
      .executeTakeFirst();
    const id = Number(last?.max ?? 0) + 1;
    try {
      await db.kysely
        .insertInto('users')
        .values({
          id,
          email,
          name: input.name.trim() || email,
          role: input.role,
          password_hash: passwordHash,
          status: input.password ? 'active' : 'pending',
          meta: '{}',
          created_gmt: nowGmt(),
          last_login_gmt: null,
        })
        .execute();
      return (await userById(db, id))!;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 20) throw error;
      if (await userByEmail(db, email)) throw new DuplicateEmail(email);
    }
  }
}

export async function updateUser(
  db: Db,
  id: number,
  changes: { name?: string; role?: Role; password?: string; status?: 'active' },
): Promise<void> {
  const set: Partial<UserTable> = {};
  if (changes.name !== undefined) set.name = changes.name.trim();
  if (changes.role !== undefined) set.role = changes.role;
  if (changes.status !== undefined) set.status = changes.status;
  if (changes.password !== undefined) set.password_hash = await hashPassword(changes.password);
  if (Object.keys(set).length === 0) return;
  await db.kysely.updateTable('users').set(set).where('id', '=', id).execute();
  // A new password or role ends the user's other sessions' trust: sessions are dropped on a
  // password change (the caller opens a fresh one for the current browser).
  if (changes.password !== undefined)
    await db.kysely.deleteFrom('user_sessions').where('user_id', '=', id).execute();
}

/** Merges woocommerce_meta keys (WooCommerce's convention: values are JSON strings). */
export async function mergeMeta(db: Db, id: number, values: Record<string, string>) {
  await db.kysely.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('users')
      .select('meta')
      .where('id', '=', id)
      .executeTakeFirst();
    let meta: Record<string, string> = {};
    try {
      meta = JSON.parse(row?.meta ?? '{}') as Record<string, string>;
    } catch {
      meta = {};
    }
    await trx
      .updateTable('users')
      .set({ meta: JSON.stringify({ ...meta, ...values }) })
      .where('id', '=', id)
      .execute();
  });
}

/** Removes a user and everything that is theirs. */
export async function deleteUser(db: Db, id: number): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('user_sessions').where('user_id', '=', id).execute();
    await trx.deleteFrom('application_passwords').where('user_id', '=', id).execute();
    await trx.deleteFrom('user_tokens').where('user_id', '=', id).execute();
    await trx.deleteFrom('navigation_favorites').where('user_id', '=', id).execute();
    await trx.deleteFrom('users').where('id', '=', id).execute();
  });
}

// Sessions ------------------------------------------------------------------------------------

/** A new session: the cookie token and the REST nonce (the database keeps the token's hash). */
export async function openSession(db: Db, userId: number, now = Date.now()) {
  const token = newToken();
  const nonce = newToken().slice(0, 20);
  await db.kysely
    .insertInto('user_sessions')
    .values({
      token_hash: tokenHash(token),
      user_id: userId,
      nonce,
      created_gmt: nowGmt(now),
      expires_gmt: nowGmt(now + SESSION_MS),
    })
    .execute();
  await db.kysely
    .updateTable('users')
    .set({ last_login_gmt: nowGmt(now) })
    .where('id', '=', userId)
    .execute();
  // Expired sessions are swept on each login rather than by a timer.
  await db.kysely.deleteFrom('user_sessions').where('expires_gmt', '<', nowGmt(now)).execute();
  return { token, nonce, expires: new Date(now + SESSION_MS) };
}

/**
 * The live session of a cookie token and its user, in one query (every signed-in request asks
 * it): undefined when the token is unknown or expired, or the user is not active.
 */
export async function findSession(db: Db, token: string, now = Date.now()) {
  const row = await db.kysely
    .selectFrom('user_sessions')
    .innerJoin('users', 'users.id', 'user_sessions.user_id')
    .selectAll('users')
    .select(['user_sessions.nonce', 'user_sessions.expires_gmt'])
    .where('user_sessions.token_hash', '=', tokenHash(token))
    .executeTakeFirst();
  if (!row || row.expires_gmt <= nowGmt(now)) return undefined;
  const user = toUser(row);
  return user.status === 'active' ? { user, nonce: row.nonce } : undefined;
}

export async function closeSession(db: Db, token: string): Promise<void> {
  await db.kysely.deleteFrom('user_sessions').where('token_hash', '=', tokenHash(token)).execute();
}

// Application passwords -----------------------------------------------------------------------

export interface ApplicationPassword {
  uuid: string;
  name: string;
  created: string;
  last_used: string | null;
  /** Made before migration 030 (no id): no longer accepted, to be replaced. */
  needs_replacement: boolean;
}

export async function listApplicationPasswords(db: Db, userId: number) {
  const rows = await db.kysely
    .selectFrom('application_passwords')
    .select(['uuid', 'name', 'key_id', 'created_gmt', 'last_used_gmt'])
    .where('user_id', '=', userId)
    .orderBy('created_gmt')
    .execute();
  return rows.map(
    (r): ApplicationPassword => ({
      uuid: r.uuid,
      name: r.name,
      created: r.created_gmt.replace(' ', 'T'),
      last_used: r.last_used_gmt?.replace(' ', 'T') ?? null,
      needs_replacement: r.key_id === null,
    }),
  );
}

/** Creates one; the clear password is returned this once only. */
export async function createApplicationPassword(db: Db, userId: number, name: string) {
  const uuid = randomUUID();
  const created = nowGmt();
  // An id drawn twice (one in 62^8) is refused by the unique index: draw another.
  for (let attempt = 0; ; attempt++) {
    const { id, password } = newApplicationPassword();
    try {
      await db.kysely
        .insertInto('application_passwords')
        .values({
          uuid,
          user_id: userId,
          name,
          key_id: id,
          password_hash: applicationPasswordHash(password.replace(/\s/g, '')),
          created_gmt: created,
          last_used_gmt: null,
        })
        .execute();
      return {
        uuid,
        name,
        password,
        created: created.replace(' ', 'T'),
        last_used: null,
        needs_replacement: false,
      };
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 5) throw error;
    }
  }
}

/** Deletes one of the user's application passwords (all with no uuid); how many went. */
export async function deleteApplicationPasswords(db: Db, userId: number, uuid?: string) {
  let q = db.kysely.deleteFrom('application_passwords').where('user_id', '=', userId);
  if (uuid !== undefined) q = q.where('uuid', '=', uuid);
  const result = await q.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** `last_used` is written at most this often per application password. */
export const LAST_USED_EVERY_MS = 60_000;

/** What a sent key that finds no record is compared against: the same work as one that does. */
const NO_RECORD = applicationPasswordHash('no application password has this key');

/**
 * The user an `email:application-password` pair authenticates, if any. The key's public id
 * finds its one record (joined with its user) in one indexed lookup, and the key's SHA-256 is
 * compared with the stored one: an unknown e-mail, an unknown id, a wrong secret and the right
 * key each cost that one query and that one hash (a malformed key is looked up by an id no key
 * has), so neither the time nor the work tells whether an account exists. The key must be the
 * e-mail's own. `last_used` is written at most once a minute, and a failure to write it (a full
 * disk) is logged, not the request's.
 */
export async function checkApplicationPassword(
  db: Db,
  email: string,
  password: string,
  now = Date.now(),
): Promise<User | undefined> {
  const sent = parseApplicationPassword(password);
  const row = await db.kysely
    .selectFrom('application_passwords as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .select([
      'k.uuid',
      'k.password_hash as key_hash',
      'k.last_used_gmt',
      'u.id',
      'u.email',
      'u.name',
      'u.role',
      'u.status',
      'u.meta',
      'u.created_gmt',
      'u.last_login_gmt',
    ])
    .where('k.key_id', '=', sent?.id ?? '')
    .executeTakeFirst();
  const hash = hashing.applicationPasswordHash(sent?.key ?? password);
  const matches = sameSecret(hash, row?.key_hash ?? NO_RECORD);
  if (!row || !matches || row.email !== normalEmail(email) || row.status !== 'active')
    return undefined;
  const stale = nowGmt(now - LAST_USED_EVERY_MS);
  if (row.last_used_gmt === null || row.last_used_gmt < stale) {
    try {
      await db.kysely
        .updateTable('application_passwords')
        .set({ last_used_gmt: nowGmt(now) })
        .where('uuid', '=', row.uuid)
        // Several processes may see it stale at once: one writes.
        .where((eb) => eb.or([eb('last_used_gmt', 'is', null), eb('last_used_gmt', '<', stale)]))
        .execute();
    } catch (error) {
      console.error(`Could not record the use of application password ${row.uuid}:`, error);
    }
  }
  return toUser(row);
}

// One-time tokens -----------------------------------------------------------------------------

/** A one-time token of `kind` (for `userId`, except setup); earlier ones of the pair lapse. */
export async function issueToken(db: Db, kind: TokenKind, userId: number | null, now = Date.now()) {
  const token = newToken();
  let old = db.kysely.deleteFrom('user_tokens').where('kind', '=', kind);
  old = userId === null ? old.where('user_id', 'is', null) : old.where('user_id', '=', userId);
  await old.execute();
  await db.kysely
    .insertInto('user_tokens')
    .values({
      token_hash: tokenHash(token),
      kind,
      user_id: userId,
      expires_gmt: nowGmt(now + TOKEN_MS[kind]),
    })
    .execute();
  return token;
}

/** The live token of `kind`, without using it up. */
export async function peekToken(db: Db, kind: TokenKind, token: string, now = Date.now()) {
  const row = await db.kysely
    .selectFrom('user_tokens')
    .select(['user_id', 'expires_gmt'])
    .where('token_hash', '=', tokenHash(token))
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (!row || row.expires_gmt <= nowGmt(now)) return undefined;
  return { userId: row.user_id === null ? null : Number(row.user_id) };
}

/** Uses a token up: true when it was live (only one caller can win). */
export async function consumeToken(db: Db, kind: TokenKind, token: string, now = Date.now()) {
  const result = await db.kysely
    .deleteFrom('user_tokens')
    .where('token_hash', '=', tokenHash(token))
    .where('kind', '=', kind)
    .where('expires_gmt', '>', nowGmt(now))
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

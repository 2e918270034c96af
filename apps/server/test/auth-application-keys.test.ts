/*
 * Application passwords as API keys: the key's public id finds its one record, the secret is
 * checked with one SHA-256, and the work is the same whatever was wrong (counted, not timed).
 */
import type { ApplicationPasswordItem, NewApplicationPassword } from '@storelens/api';
import type { KyselyPlugin } from 'kysely';
import { afterEach, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { hashing, hashPassword } from '../src/auth/secrets';
import { setAuthClock } from '../src/auth/throttle';
import {
  checkApplicationPassword,
  createApplicationPassword,
  createUser,
  issueToken,
  listApplicationPasswords,
  type User,
} from '../src/auth/users';
import type { Db } from '../src/db/database';
import { migrateTo, migrateToLatest } from '../src/db/migrate';
import { failUpdates } from './fault-triggers';
import { describeEachEngine, freshStore, signIn, TEST_PASSWORD } from './harness';

/**
 * `db` with the queries the authentication code runs recorded by kind (SelectQueryNode,
 * UpdateQueryNode, RawNode…): those built by a function of `src/auth/` (the nearest frames of
 * the query's stack). Background work shares the store on timers of its own (the notifier, the
 * job runner, the webhook queue, the export sweeper), and a window of time would count it too.
 */
function counting(db: Db): { db: Db; queries: string[] } {
  const queries: string[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => {
      if (/[\\/]src[\\/]auth[\\/]/.test(new Error().stack ?? '')) queries.push(node.kind);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { db: { ...db, kysely: db.kysely.withPlugin(plugin) } as Db, queries };
}

const basic = (email: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`,
});

/** A key of the new shape that no record has: a well-formed id and secret. */
const UNKNOWN_KEY = 'Zz9Q Xw7v Ab12 Cd34 Ef56 Gh78 Ij90 Kl12';
/** A WordPress-shaped (24-character) password, as keys made before migration 030 were. */
const OLD_KEY = 'abcd EFGH ijkl MNOP qrst UVWX';

let scryptHashOfOldKey: string | undefined;
/** Inserts `count` keys of before migration 030 (no id, an scrypt hash of OLD_KEY). */
async function insertOldKeys(db: Db, userId: number, count: number) {
  scryptHashOfOldKey ??= await hashPassword(OLD_KEY.replace(/ /g, ''));
  for (let i = 0; i < count; i++)
    await db.kysely
      .insertInto('application_passwords')
      .values({
        uuid: `00000000-0000-4000-8000-${String(userId).padStart(4, '0')}${String(i).padStart(8, '0')}`,
        user_id: userId,
        name: `old ${i}`,
        key_id: null,
        password_hash: scryptHashOfOldKey,
        created_gmt: '2026-01-01 00:00:00',
        last_used_gmt: null,
      })
      .execute();
}

async function user(db: Db, email: string): Promise<User> {
  return createUser(db, { email, name: email, role: 'analyst', password: TEST_PASSWORD });
}

describeEachEngine('application passwords as API keys', (ctx) => {
  afterEach(() => {
    vi.restoreAllMocks();
    setAuthClock(ctx().db);
  });

  it('checks a key with one indexed lookup and one SHA-256 whatever was wrong, never scrypt, however many keys the user has', async () => {
    const { db } = ctx();
    const owner = await user(db, 'many-keys@shop.test');
    const other = await user(db, 'other-keys@shop.test');
    // 200 keys (one wrong guess cost 200 scrypt hashes, 75 s of CPU) and 20 of the old kind.
    const keys: string[] = [];
    for (let i = 0; i < 200; i++)
      keys.push((await createApplicationPassword(db, owner.id, `key ${i}`)).password);
    await insertOldKeys(db, owner.id, 20);
    const otherKey = (await createApplicationPassword(db, other.id, 'theirs')).password;
    const right = keys[137]!;
    const wrongSecret = `${right.slice(0, 10)}${right[10] === 'A' ? 'B' : 'A'}${right.slice(11)}`;
    // Used once, so that the uses below are within the minute and write nothing.
    expect(await checkApplicationPassword(db, owner.email, right)).toMatchObject({ id: owner.id });

    const cases = {
      'unknown e-mail': ['nobody@shop.test', UNKNOWN_KEY],
      'unknown e-mail with a real key': ['nobody@shop.test', right],
      'unknown key id': [owner.email, UNKNOWN_KEY],
      'wrong secret': [owner.email, wrongSecret],
      "another user's key": [owner.email, otherKey],
      'a key of before migration 030': [owner.email, OLD_KEY],
      'not a key at all': [owner.email, TEST_PASSWORD],
      'right key, no spaces': [owner.email, right.replace(/ /g, '')],
      'right key': [owner.email, right],
    } as const;
    const keyHashes = vi.spyOn(hashing, 'applicationPasswordHash');
    const scrypt = vi.spyOn(hashing, 'verifyPassword');
    const work: Record<string, { queries: string[]; hashes: number; user?: number }> = {};
    for (const [label, [email, password]] of Object.entries(cases)) {
      const counted = counting(db);
      keyHashes.mockClear();
      const found = await checkApplicationPassword(counted.db, email, password);
      work[label] = { queries: counted.queries, hashes: keyHashes.mock.calls.length };
      if (found) work[label].user = found.id;
    }
    for (const label of Object.keys(cases)) {
      expect(work[label], label).toMatchObject({ queries: ['SelectQueryNode'], hashes: 1 });
      expect(work[label]!.user, label).toBe(label.startsWith('right key') ? owner.id : undefined);
    }
    expect(scrypt).not.toHaveBeenCalled();
  });

  it('answers a wrong key over HTTP with the same queries whatever was wrong; a right one writes nothing', async () => {
    const { db } = ctx();
    const owner = await user(db, 'http-keys@shop.test');
    const key = (await createApplicationPassword(db, owner.id, 'script')).password;
    const counted = counting(db);
    const app = await buildApp(counted.db, { webRoot: '/nonexistent' });
    try {
      const call = async (email: string, password: string, ip: string) => {
        counted.queries.length = 0;
        const res = await app.inject({
          method: 'GET',
          url: '/wp-json/wc-analytics/reports/performance-indicators/allowed',
          headers: basic(email, password),
          remoteAddress: ip,
        });
        return { status: res.statusCode, queries: [...counted.queries] };
      };
      // First use: last_used is written (once a minute at most).
      expect((await call(owner.email, key, '10.60.0.1')).status).toBe(200);
      const success = await call(owner.email, key, '10.60.0.1');
      expect(success.status).toBe(200);
      // The throttle read and the key's lookup, no write.
      expect(success.queries).toEqual(['RawNode', 'SelectQueryNode']);
      const failures = [
        await call('nobody@shop.test', UNKNOWN_KEY, '10.60.0.2'),
        await call(owner.email, UNKNOWN_KEY, '10.60.0.3'),
        await call(
          owner.email,
          `${key.slice(0, 10)}${key[10] === 'A' ? 'B' : 'A'}${key.slice(11)}`,
          '10.60.0.4',
        ),
        await call(owner.email, OLD_KEY, '10.60.0.5'),
      ];
      for (const f of failures) {
        expect(f.status).toBe(401);
        expect(f.queries).toEqual(failures[0]!.queries);
      }
      // The throttle read, the lookup, then the failure counted (address, then pair).
      expect(failures[0]!.queries).toEqual([
        'RawNode',
        'SelectQueryNode',
        'InsertQueryNode',
        'InsertQueryNode',
      ]);
    } finally {
      await app.close();
    }
  });

  it('writes last_used at most once a minute, and a failed write does not fail the request', async () => {
    const { db, anonymous } = ctx();
    const owner = await user(db, 'last-used@shop.test');
    const made = await createApplicationPassword(db, owner.id, 'cron');
    let now = Date.parse('2026-11-20T10:00:00Z');
    setAuthClock(db, () => now);
    const use = () =>
      anonymous({
        method: 'GET',
        url: '/wp-json/wp/v2/users/me',
        headers: basic(owner.email, made.password),
        remoteAddress: '10.61.0.1',
      });
    const lastUsed = async () =>
      (
        await db.kysely
          .selectFrom('application_passwords')
          .select('last_used_gmt')
          .where('uuid', '=', made.uuid)
          .executeTakeFirstOrThrow()
      ).last_used_gmt;
    expect((await use()).statusCode).toBe(200);
    expect(await lastUsed()).toBe('2026-11-20 10:00:00');
    now += 59_000;
    expect((await use()).statusCode).toBe(200);
    expect(await lastUsed()).toBe('2026-11-20 10:00:00');
    now += 2_000;
    expect((await use()).statusCode).toBe(200);
    expect(await lastUsed()).toBe('2026-11-20 10:01:01');

    // A full disk: the write fails, is logged, and the request is answered all the same.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const restore = await failUpdates(db, 'application_passwords', 'disk full');
    try {
      now += 120_000;
      const res = await use();
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ email: owner.email });
      expect(logged).toHaveBeenCalledTimes(1);
      expect(String(logged.mock.calls[0]![0])).toMatch(/Could not record the use/);
    } finally {
      await restore();
    }
    expect(await lastUsed()).toBe('2026-11-20 10:01:01');
  });

  it('lists the keys made before key ids for replacement, and refuses them without scrypt', async () => {
    const { db, anonymous } = ctx();
    const headers = await signIn(db, 'shop_manager');
    const me = await anonymous({ method: 'GET', url: '/wp-json/wp/v2/users/me', headers });
    const { id, email } = me.json() as { id: number; email: string };
    await insertOldKeys(db, id, 1);
    const made = await anonymous({
      method: 'POST',
      url: '/wp-json/wp/v2/users/me/application-passwords',
      headers,
      payload: { name: 'new one' },
    });
    expect(made.statusCode).toBe(201);
    expect((made.json() as NewApplicationPassword).needs_replacement).toBe(false);
    const list = await anonymous({
      method: 'GET',
      url: '/wp-json/wp/v2/users/me/application-passwords',
      headers,
    });
    const items = list.json() as ApplicationPasswordItem[];
    expect(items.map((k) => [k.name, k.needs_replacement])).toEqual([
      ['old 0', true],
      ['new one', false],
    ]);
    const scrypt = vi.spyOn(hashing, 'verifyPassword');
    const old = await anonymous({
      method: 'GET',
      url: '/wp-json/wp/v2/users/me',
      headers: basic(email, OLD_KEY),
      remoteAddress: '10.62.0.1',
    });
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe('incorrect_password');
    expect(scrypt).not.toHaveBeenCalled();
  });

  it('keeps the keys of a store migrated from before key ids, listed for replacement', async () => {
    const { engine } = ctx();
    const store = await freshStore(engine);
    try {
      const { db } = store;
      await migrateTo(db, '029_order_fee_lines');
      const owner = await user(db, 'migrated@shop.test');
      // As version 029 wrote them: no key_id column yet.
      await db.kysely
        .insertInto('application_passwords')
        .values({
          uuid: '11111111-1111-4111-8111-111111111111',
          user_id: owner.id,
          name: 'from before',
          password_hash: await hashPassword(OLD_KEY.replace(/ /g, '')),
          created_gmt: '2026-01-01 00:00:00',
          last_used_gmt: null,
        } as never)
        .execute();
      await migrateToLatest(db);
      expect(await listApplicationPasswords(db, owner.id)).toMatchObject([
        { name: 'from before', needs_replacement: true },
      ]);
      const scrypt = vi.spyOn(hashing, 'verifyPassword');
      expect(await checkApplicationPassword(db, owner.email, OLD_KEY)).toBeUndefined();
      expect(scrypt).not.toHaveBeenCalled();
      // A new key works beside it.
      const made = await createApplicationPassword(db, owner.id, 'new');
      expect(await checkApplicationPassword(db, owner.email, made.password)).toMatchObject({
        id: owner.id,
      });
    } finally {
      await store.drop();
    }
  });

  it('a password reset link revokes the application passwords; a password change in Profile keeps them', async () => {
    const { db, anonymous } = ctx();
    const owner = await user(db, 'reset-keys@shop.test');
    const key = (await createApplicationPassword(db, owner.id, 'script')).password;
    const works = async (password: string) =>
      (
        await anonymous({
          method: 'GET',
          url: '/wp-json/wp/v2/users/me',
          headers: basic(owner.email, password),
          remoteAddress: '10.63.0.1',
        })
      ).statusCode;
    expect(await works(key)).toBe(200);

    // A password change (the current one known): the keys keep working, as in WordPress.
    const login = await anonymous({
      method: 'POST',
      url: '/wp-json/storelens/v1/login',
      payload: { email: owner.email, password: TEST_PASSWORD },
      remoteAddress: '10.63.0.2',
    });
    const cookie = String([login.headers['set-cookie']].flat()[0]).split(';')[0]!;
    const changed = await anonymous({
      method: 'POST',
      url: '/wp-json/wp/v2/users/me',
      headers: { cookie, 'x-wp-nonce': (login.json() as { nonce: string }).nonce },
      payload: { password: 'a changed password', current_password: TEST_PASSWORD },
      remoteAddress: '10.63.0.2',
    });
    expect(changed.statusCode).toBe(200);
    expect(await works(key)).toBe(200);

    // A reset link (the e-mailed or `npm run user -- reset-password` one): they are revoked.
    const token = await issueToken(db, 'reset', owner.id);
    const reset = await anonymous({
      method: 'POST',
      url: `/wp-json/storelens/v1/account-links/${token}`,
      payload: { password: 'a brand new password' },
      remoteAddress: '10.63.0.3',
    });
    expect(reset.statusCode).toBe(200);
    expect(await works(key)).toBe(401);
    const left = await db.kysely
      .selectFrom('application_passwords')
      .select('uuid')
      .where('user_id', '=', owner.id)
      .execute();
    expect(left).toEqual([]);
  });
});

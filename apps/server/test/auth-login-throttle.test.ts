/*
 * Throttling of secret checks: a login try is counted before its password is checked, so a
 * burst is checked no further than the limit (counted by a spy on the verifier, not timed);
 * waits grow per account and address and never reach the owner elsewhere; behind a proxy the
 * client's address is the one the trusted proxy saw (auth-trust-proxy.test.ts). Waits are read
 * on an injected clock.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { hashing } from '../src/auth/secrets';
import { BACKOFF, LIMITS, setAuthClock } from '../src/auth/throttle';
import { createApplicationPassword, createUser, issueToken, type User } from '../src/auth/users';
import { readConfig } from '../src/config';
import type { Db } from '../src/db/database';
import { describeEachEngine, TEST_PASSWORD } from './harness';

type Inject = FastifyInstance['inject'];
type Answer = Awaited<ReturnType<Inject>>;

async function account(db: Db, email: string): Promise<User> {
  return createUser(db, { email, name: email, role: 'analyst', password: TEST_PASSWORD });
}

function login(inject: Inject, email: string, password: string, ip: string) {
  return inject({
    method: 'POST',
    url: '/wp-json/storelens/v1/login',
    payload: { email, password },
    remoteAddress: ip,
  });
}

const basic = (email: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`,
});

function keyTry(inject: Inject, email: string, password: string, ip: string, headers = {}) {
  return inject({
    method: 'GET',
    url: '/wp-json/wp/v2/users/me',
    headers: { ...basic(email, password), ...headers },
    remoteAddress: ip,
  });
}

/** The answer of a throttled try: 429, its code, and the wait in whole seconds. */
function waited(res: Answer) {
  expect(res.statusCode).toBe(429);
  expect((res.json() as { code: string }).code).toBe('storelens_too_many_attempts');
  return Number(res.headers['retry-after']);
}

describeEachEngine('throttling of secret checks', (ctx) => {
  let now = Date.parse('2026-11-20T10:00:00Z');
  const useClock = () => setAuthClock(ctx().db, () => now);
  const inject = () => ctx().anonymous;
  afterEach(() => {
    vi.restoreAllMocks();
    setAuthClock(ctx().db);
  });

  it('checks at most BACKOFF.free passwords of a burst of wrong ones for one account and address', async () => {
    const { db } = ctx();
    useClock();
    await account(db, 'burst@shop.test');
    const verify = vi.spyOn(hashing, 'verifyPassword');
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        login(inject(), 'burst@shop.test', 'a wrong guess', '10.70.0.1'),
      ),
    );
    expect(verify).toHaveBeenCalledTimes(BACKOFF.free);
    expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(BACKOFF.free);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused).toHaveLength(40 - BACKOFF.free);
    for (const r of refused) expect(waited(r)).toBe(BACKOFF.baseMs / 1000);
    // The address counts the checks that failed, not the tries refused unchecked.
    const addressHits = async () =>
      Number(
        (
          await db.kysely
            .selectFrom('rate_limits')
            .select('hits')
            .where('key', '=', 'ip:10.70.0.1')
            .executeTakeFirstOrThrow()
        ).hits,
      );
    expect(await addressHits()).toBe(BACKOFF.free);
    // An account that does not exist is counted the same (the decoy hash is checked instead).
    verify.mockClear();
    await Promise.all(
      Array.from({ length: 20 }, () =>
        login(inject(), 'ghost@shop.test', 'a wrong guess', '10.70.0.1'),
      ),
    );
    expect(verify).toHaveBeenCalledTimes(BACKOFF.free);
    expect(await addressHits()).toBe(2 * BACKOFF.free);
  });

  it('backs off exponentially per account and address, up to a cap; a success clears it', async () => {
    const { db } = ctx();
    useClock();
    await account(db, 'backoff@shop.test');
    const ip = '10.71.0.1';
    const wrong = () => login(inject(), 'backoff@shop.test', 'a wrong guess', ip);
    for (let i = 0; i < BACKOFF.free; i++) expect((await wrong()).statusCode).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 14; i++) {
      const wait = waited(await wrong());
      // Asking again while waiting does not make the wait longer.
      expect(waited(await wrong())).toBe(wait);
      waits.push(wait);
      now += wait * 1000;
      expect((await wrong()).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900, 900]);
    // The right password, once the wait is over, lets the owner in and clears the count.
    expect(waited(await login(inject(), 'backoff@shop.test', TEST_PASSWORD, ip))).toBe(900);
    now += 900_000;
    expect((await login(inject(), 'backoff@shop.test', TEST_PASSWORD, ip)).statusCode).toBe(200);
    for (let i = 0; i < BACKOFF.free; i++) expect((await wrong()).statusCode).toBe(401);
    expect(waited(await wrong())).toBe(1);
  });

  it('never makes the owner wait for someone guessing their password from another address', async () => {
    const { db } = ctx();
    useClock();
    await account(db, 'owner-here@shop.test');
    for (let i = 0; i < BACKOFF.free * 2; i++)
      await login(inject(), 'owner-here@shop.test', `guess ${i}`, '10.72.0.66');
    expect(waited(await login(inject(), 'owner-here@shop.test', 'guess', '10.72.0.66'))).toBe(1);
    // The owner, at home, at the same moment: in at once.
    const owner = await login(inject(), 'owner-here@shop.test', TEST_PASSWORD, '10.72.0.1');
    expect(owner.statusCode).toBe(200);
  });

  it('lets an office behind one address in after 20 wrong passwords; stops an address at LIMITS.address', async () => {
    const { db } = ctx();
    useClock();
    await account(db, 'office@shop.test');
    const ip = '10.73.0.1';
    for (let i = 0; i < 20; i++)
      expect((await login(inject(), `colleague${i}@shop.test`, 'typo', ip)).statusCode).toBe(401);
    expect((await login(inject(), 'office@shop.test', TEST_PASSWORD, ip)).statusCode).toBe(200);
    // The looser per-address limit counts every failed check there, keys too (each try for
    // another account, so no pair waits).
    for (let i = 20; i < LIMITS.address.max; i++)
      expect((await keyTry(inject(), `key${i}@shop.test`, 'wrong', ip)).statusCode).toBe(401);
    const wait = waited(await login(inject(), 'office@shop.test', TEST_PASSWORD, ip));
    expect(wait).toBe(LIMITS.address.windowMs / 1000);
    expect(waited(await keyTry(inject(), 'office@shop.test', 'wrong', ip))).toBe(wait);
    // Elsewhere, nothing waits; here, the window's end lets tries in again.
    expect((await login(inject(), 'office@shop.test', TEST_PASSWORD, '10.73.0.2')).statusCode).toBe(
      200,
    );
    now += LIMITS.address.windowMs;
    expect((await login(inject(), 'office@shop.test', TEST_PASSWORD, ip)).statusCode).toBe(200);
  });

  it('behind one trusted proxy hop, a client cannot pick a new address per try with X-Forwarded-For', async () => {
    const { db } = ctx();
    useClock();
    const { trustProxy } = readConfig({ STORELENS_TRUST_PROXY: '1' });
    const app = await buildApp(db, { webRoot: '/nonexistent', trustProxy });
    const proxied = (email: string, client: string, spoofed: string) =>
      app.inject({
        method: 'GET',
        url: '/wp-json/wp/v2/users/me',
        // The client sent its own X-Forwarded-For; the proxy (127.0.0.1) appended the address
        // it saw.
        headers: { ...basic(email, 'wrong'), 'x-forwarded-for': `${spoofed}, ${client}` },
        remoteAddress: '127.0.0.1',
      });
    try {
      for (let i = 0; i < LIMITS.address.max; i++)
        expect(
          (await proxied(`p${i}@shop.test`, '198.51.100.7', `203.0.113.${i}`)).statusCode,
        ).toBe(401);
      expect(waited(await proxied('p@shop.test', '198.51.100.7', '192.0.2.99'))).toBeGreaterThan(0);
      // Another client behind the same proxy is not held up.
      expect((await proxied('p@shop.test', '198.51.100.8', '192.0.2.99')).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('refuses application-password tries unchecked while their account and address wait', async () => {
    const { db } = ctx();
    useClock();
    const owner = await account(db, 'key-owner@shop.test');
    const { password } = await createApplicationPassword(db, owner.id, 'script');
    const ip = '10.74.0.1';
    for (let i = 0; i < BACKOFF.free; i++)
      expect(
        (await keyTry(inject(), owner.email, 'Zz9QXw7vAb12Cd34Ef56Gh78Ij90Kl12', ip)).statusCode,
      ).toBe(401);
    const hashes = vi.spyOn(hashing, 'applicationPasswordHash');
    expect(waited(await keyTry(inject(), owner.email, password, ip))).toBe(1);
    expect(hashes).not.toHaveBeenCalled();
    // From elsewhere the key works; here, after the wait, and that clears the count.
    expect((await keyTry(inject(), owner.email, password, '10.74.0.2')).statusCode).toBe(200);
    now += 1000;
    expect((await keyTry(inject(), owner.email, password, ip)).statusCode).toBe(200);
    const left = await db.kysely.selectFrom('login_backoff').select('key').execute();
    expect(left.filter((r) => r.key.startsWith('key:') && r.key.endsWith(`|${ip}`))).toEqual([]);
  });

  it('counts wrong one-time links per address and refuses them at LIMITS.address', async () => {
    const { db } = ctx();
    useClock();
    const invited = await createUser(db, {
      email: 'link-throttle@shop.test',
      name: '',
      role: 'analyst',
    });
    const token = await issueToken(db, 'invite', invited.id);
    const ip = '10.75.0.1';
    const open = (t: string, from = ip) =>
      inject()({
        method: 'GET',
        url: `/wp-json/storelens/v1/account-links/${t}`,
        remoteAddress: from,
      });
    expect((await open(token)).statusCode).toBe(200);
    for (let i = 0; i < LIMITS.address.max; i++)
      expect((await open(`guessed-token-${i}`)).statusCode).toBe(404);
    expect(waited(await open(token))).toBe(LIMITS.address.windowMs / 1000);
    const setup = await inject()({
      method: 'POST',
      url: '/wp-json/storelens/v1/setup',
      payload: { token: 'x', email: 'a@b.test', password: 'a long password' },
      remoteAddress: ip,
    });
    // Setup is closed once accounts exist (403), whatever the address.
    expect(setup.statusCode).toBe(403);
    expect((await open(token, '10.75.0.2')).statusCode).toBe(200);
  });

  it('counts tries of the current password of a password change before checking them', async () => {
    const { db } = ctx();
    useClock();
    await account(db, 'changer@shop.test');
    const ip = '10.76.0.1';
    const session = await login(inject(), 'changer@shop.test', TEST_PASSWORD, ip);
    const cookie = String([session.headers['set-cookie']].flat()[0]).split(';')[0]!;
    const headers = { cookie, 'x-wp-nonce': String(session.json().nonce) };
    const verify = vi.spyOn(hashing, 'verifyPassword');
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        inject()({
          method: 'POST',
          url: '/wp-json/wp/v2/users/me',
          headers,
          payload: { password: 'a new password', current_password: 'a wrong guess' },
          remoteAddress: ip,
        }),
      ),
    );
    expect(verify).toHaveBeenCalledTimes(BACKOFF.free);
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(BACKOFF.free);
    for (const a of answers.filter((x) => x.statusCode !== 400)) expect(waited(a)).toBe(1);
  });
});

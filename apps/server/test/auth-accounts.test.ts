import type {
  AccountLinkInfo,
  InviteResponse,
  LoginResponse,
  NewApplicationPassword,
  WpUser,
} from '@storelens/api';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { firstRun } from '../src/auth/first-run';
import { CONTENT_SECURITY_POLICY, SESSION_COOKIE } from '../src/auth/plugin';
import { createUser, issueToken } from '../src/auth/users';
import { userCommand } from '../src/cli/user';
import { nowGmt } from '../src/clock';
import type { Db } from '../src/db/database';
import { describeEachEngine, signIn, TEST_PASSWORD, testEmail } from './harness';

type Inject = FastifyInstance['inject'];

/** Sends a JSON request and answers status, headers and the parsed body. */
async function send<T = Record<string, unknown>>(
  inject: Inject,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { headers?: Record<string, string>; payload?: unknown } = {},
) {
  const res = await inject({
    method,
    url,
    headers: options.headers ?? {},
    ...(options.payload !== undefined ? { payload: options.payload as object } : {}),
  });
  const text = res.body;
  return {
    status: res.statusCode,
    headers: res.headers,
    body: (text ? JSON.parse(text) : null) as T,
  };
}

/** The session cookie a login answer set, as a request `cookie` header. */
function cookieOf(headers: Record<string, unknown>): string {
  const set = [headers['set-cookie']].flat().map(String);
  const ours = set.find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  return ours ? ours.split(';')[0]! : '';
}

async function login(inject: Inject, email: string, password: string, ip?: string) {
  const res = await inject({
    method: 'POST',
    url: '/wp-json/storelens/v1/login',
    payload: { email, password },
    ...(ip ? { remoteAddress: ip } : {}),
  });
  return {
    status: res.statusCode,
    headers: res.headers,
    body: res.json() as LoginResponse & { code?: string; message?: string },
    cookie: cookieOf(res.headers),
  };
}

async function userWith(db: Db, email: string, role: 'administrator' | 'shop_manager' | 'analyst') {
  return createUser(db, { email, name: email, role, password: TEST_PASSWORD });
}

describeEachEngine('accounts: login, sessions, keys, invitations', (ctx) => {
  it('logs in with e-mail and password: a session cookie and the nonce', async () => {
    const { anonymous, db } = ctx();
    await userWith(db, 'owner@shop.test', 'administrator');
    const res = await login(anonymous, 'Owner@Shop.test ', TEST_PASSWORD, '10.0.0.1');
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: 'owner@shop.test', role: 'administrator' });
    expect(res.body.nonce).toMatch(/^[\w-]{20}$/);
    const setCookie = String([res.headers['set-cookie']].flat()[0]);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/);
    const me = await send<WpUser>(anonymous, 'GET', '/wp-json/wp/v2/users/me', {
      headers: { cookie: res.cookie, 'x-wp-nonce': res.body.nonce },
    });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe('owner@shop.test');
    expect(me.body.last_login).not.toBeNull();
    // `_wpnonce` in the query does the same as the header.
    const viaQuery = await send(
      anonymous,
      'GET',
      `/wp-json/wp/v2/users/me?_wpnonce=${res.body.nonce}`,
      {
        headers: { cookie: res.cookie },
      },
    );
    expect(viaQuery.status).toBe(200);
  });

  it('answers the same 401 for an unknown e-mail and a wrong password', async () => {
    const { anonymous, db } = ctx();
    await userWith(db, 'same@shop.test', 'analyst');
    const unknown = await login(anonymous, 'nobody@shop.test', TEST_PASSWORD, '10.0.0.2');
    const wrong = await login(anonymous, 'same@shop.test', 'not the password', '10.0.0.2');
    for (const r of [unknown, wrong]) {
      expect(r.status).toBe(401);
      expect(r.body.code).toBe('storelens_invalid_login');
      expect(r.cookie).toBe('');
    }
    expect(unknown.body.message).toBe(wrong.body.message);
  });

  it('refuses a login without e-mail or password with a 400 naming it', async () => {
    const res = await send(ctx().anonymous, 'POST', '/wp-json/storelens/v1/login', {
      payload: { email: 'a@b.test' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { password: expect.any(String) } },
    });
  });

  it('logs out: the session no longer works', async () => {
    const { anonymous, db } = ctx();
    const headers = await signIn(db, 'shop_manager');
    const out = await send(anonymous, 'POST', '/wp-json/storelens/v1/logout', { headers });
    expect(out.status).toBe(200);
    expect(String([out.headers['set-cookie']].flat()[0])).toMatch(/Max-Age=0/);
    const after = await send(anonymous, 'GET', '/wp-json/wp/v2/users/me', { headers });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('rest_not_logged_in');
  });

  it('treats an expired session as anonymous', async () => {
    const { anonymous, db } = ctx();
    const headers = await signIn(db, 'analyst');
    await db.kysely
      .updateTable('user_sessions')
      .set({ expires_gmt: nowGmt(Date.now() - 1000) })
      .where('nonce', '=', headers['x-wp-nonce'])
      .execute();
    const res = await send(anonymous, 'GET', '/wp-json/wp/v2/users/me', { headers });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('rest_not_logged_in');
  });

  it('creates, uses, lists and revokes application passwords (HTTP Basic)', async () => {
    const { anonymous, db } = ctx();
    const headers = await signIn(db, 'shop_manager');
    const created = await send<NewApplicationPassword>(
      anonymous,
      'POST',
      '/wp-json/wp/v2/users/me/application-passwords',
      { headers, payload: { name: 'stock script' } },
    );
    expect(created.status).toBe(201);
    // 32 letters and digits in groups of four: an 8-character id, then the secret.
    expect(created.body.password).toMatch(/^([A-Za-z0-9]{4} ){7}[A-Za-z0-9]{4}$/);
    const basic = (password: string) => ({
      authorization: `Basic ${Buffer.from(`${testEmail('shop_manager')}:${password}`).toString('base64')}`,
    });
    const used = await send<WpUser>(anonymous, 'GET', '/wp-json/wp/v2/users/me', {
      headers: basic(created.body.password),
    });
    expect(used.status).toBe(200);
    expect(used.body.roles).toEqual(['shop_manager']);
    // Spaces are optional, as WordPress allows.
    const compact = await send(anonymous, 'GET', '/wp-json/wc-analytics/reports/revenue/stats', {
      headers: basic(created.body.password.replace(/ /g, '')),
    });
    expect(compact.status).toBe(200);
    // The key has the role's rights only.
    const forbidden = await send(anonymous, 'GET', '/wp-json/wp/v2/users', {
      headers: basic(created.body.password),
    });
    expect(forbidden.status).toBe(403);
    // The login password is not an application password.
    const loginPassword = await send(anonymous, 'GET', '/wp-json/wp/v2/users/me', {
      headers: basic(TEST_PASSWORD),
    });
    expect(loginPassword.status).toBe(401);
    expect(loginPassword.body.code).toBe('incorrect_password');

    const list = await send<{ uuid: string; name: string; password?: string }[]>(
      anonymous,
      'GET',
      '/wp-json/wp/v2/users/me/application-passwords',
      { headers },
    );
    expect(list.body.map((p) => p.name)).toEqual(['stock script']);
    expect(list.body[0]).not.toHaveProperty('password');
    const stored = await db.kysely
      .selectFrom('application_passwords')
      .select('password_hash')
      .execute();
    for (const row of stored)
      expect(row.password_hash).not.toContain(created.body.password.replace(/ /g, ''));

    const revoked = await send(
      anonymous,
      'DELETE',
      `/wp-json/wp/v2/users/me/application-passwords/${created.body.uuid}`,
      { headers },
    );
    expect(revoked.status).toBe(200);
    const after = await send(anonymous, 'GET', '/wp-json/wp/v2/users/me', {
      headers: basic(created.body.password),
    });
    expect(after.status).toBe(401);
    const again = await send(
      anonymous,
      'DELETE',
      `/wp-json/wp/v2/users/me/application-passwords/${created.body.uuid}`,
      { headers },
    );
    expect(again.status).toBe(404);

    // Revoking them all says how many went, as WordPress does.
    for (const name of ['one', 'two'])
      await send(anonymous, 'POST', '/wp-json/wp/v2/users/me/application-passwords', {
        headers,
        payload: { name },
      });
    const all = await send(anonymous, 'DELETE', '/wp-json/wp/v2/users/me/application-passwords', {
      headers,
    });
    expect(all.body).toEqual({ deleted: true, count: 2 });
    const none = await send(anonymous, 'DELETE', '/wp-json/wp/v2/users/me/application-passwords', {
      headers,
    });
    expect(none.body).toEqual({ deleted: true, count: 0 });
  });

  it('invites a user by e-mail and role; the link sets name and password once', async () => {
    const { app, anonymous } = ctx();
    const invite = await send<InviteResponse>(
      app.inject.bind(app) as Inject,
      'POST',
      '/wp-json/wp/v2/users',
      {
        payload: { email: 'new.manager@shop.test', role: 'shop_manager' },
      },
    );
    expect(invite.status).toBe(201);
    expect(invite.body.status).toBe('pending');
    expect(invite.body.emailed).toBe(false);
    const url = new URL(invite.body.invite_url);
    expect(url.searchParams.get('path')).toBe('/accept-invitation');
    const token = url.searchParams.get('token')!;
    expect(token).toMatch(/^[\w-]{43}$/);
    // A pending user cannot log in.
    expect((await login(anonymous, 'new.manager@shop.test', '', '10.3.0.1')).status).toBe(400);
    const info = await send<AccountLinkInfo>(
      anonymous,
      'GET',
      `/wp-json/storelens/v1/account-links/${token}`,
    );
    expect(info.body).toEqual({
      kind: 'invite',
      email: 'new.manager@shop.test',
      name: 'new.manager@shop.test',
    });
    const short = await send(anonymous, 'POST', `/wp-json/storelens/v1/account-links/${token}`, {
      payload: { password: 'short' },
    });
    expect(short.status).toBe(400);
    const accepted = await send<LoginResponse>(
      anonymous,
      'POST',
      `/wp-json/storelens/v1/account-links/${token}`,
      {
        payload: { name: 'Nia Manager', password: 'a long enough password' },
      },
    );
    expect(accepted.status).toBe(200);
    expect(accepted.body.user).toMatchObject({ name: 'Nia Manager', role: 'shop_manager' });
    const reuse = await send(anonymous, 'POST', `/wp-json/storelens/v1/account-links/${token}`, {
      payload: { password: 'another long password' },
    });
    expect(reuse.status).toBe(404);
    expect(
      (await login(anonymous, 'new.manager@shop.test', 'a long enough password', '10.3.0.2'))
        .status,
    ).toBe(200);
    const duplicate = await send(app.inject.bind(app) as Inject, 'POST', '/wp-json/wp/v2/users', {
      payload: { email: 'NEW.manager@shop.test', role: 'analyst' },
    });
    expect(duplicate.body.code).toBe('existing_user_email');
    const badRole = await send(app.inject.bind(app) as Inject, 'POST', '/wp-json/wp/v2/users', {
      payload: { email: 'x@shop.test', role: 'owner' },
    });
    expect(badRole.status).toBe(400);
    expect(badRole.body).toMatchObject({ data: { params: { role: expect.any(String) } } });
  });

  it('changes a role (taking effect at once) and removes users, keeping one administrator', async () => {
    const { app, anonymous, db } = ctx();
    const inject = app.inject.bind(app) as Inject;
    const user = await userWith(db, 'promoted@shop.test', 'analyst');
    const session = await login(anonymous, 'promoted@shop.test', TEST_PASSWORD, '10.4.0.1');
    const headers = { cookie: session.cookie, 'x-wp-nonce': session.body.nonce };
    expect(
      (await send(anonymous, 'GET', '/wp-json/wc-analytics/admin/notes', { headers })).status,
    ).toBe(403);
    const changed = await send<WpUser>(inject, 'PUT', `/wp-json/wp/v2/users/${user.id}`, {
      payload: { role: 'shop_manager' },
    });
    expect(changed.body.roles).toEqual(['shop_manager']);
    expect(
      (await send(anonymous, 'GET', '/wp-json/wc-analytics/admin/notes', { headers })).status,
    ).toBe(200);

    const all = await send<WpUser[]>(inject, 'GET', '/wp-json/wp/v2/users');
    const admins = all.body.filter((u) => u.roles[0] === 'administrator' && u.status === 'active');
    // Demoting or removing the last administrator is refused.
    for (const admin of admins.slice(1))
      await send(inject, 'DELETE', `/wp-json/wp/v2/users/${admin.id}`);
    const last = admins[0]!;
    const demote = await send(inject, 'PUT', `/wp-json/wp/v2/users/${last.id}`, {
      payload: { role: 'analyst' },
    });
    expect(demote.body.code).toBe('storelens_last_administrator');
    const remove = await send(inject, 'DELETE', `/wp-json/wp/v2/users/${last.id}`);
    expect(remove.body.code).toBe('storelens_last_administrator');

    const removed = await send(inject, 'DELETE', `/wp-json/wp/v2/users/${user.id}`);
    expect(removed.status).toBe(200);
    expect((await send(anonymous, 'GET', '/wp-json/wp/v2/users/me', { headers })).status).toBe(401);
    expect((await send(inject, 'GET', `/wp-json/wp/v2/users/${user.id}`)).status).toBe(404);
    expect((await send(inject, 'GET', '/wp-json/wp/v2/users/abc')).status).toBe(400);
  });

  it('invitations sent at the same moment all get an account, each with its own id', async () => {
    const inject = ctx().app.inject.bind(ctx().app) as Inject;
    const emails = Array.from({ length: 12 }, (_, i) => `together${i}@shop.test`);
    const answers = await Promise.all(
      [...emails, emails[0]!].map((email) =>
        send<InviteResponse & { code?: string }>(inject, 'POST', '/wp-json/wp/v2/users', {
          payload: { email, role: 'analyst' },
        }),
      ),
    );
    // Twelve invitations land; the same address sent twice at once is refused once, not a 500.
    expect(answers.filter((a) => a.status === 201 || a.status === 200)).toHaveLength(12);
    expect(answers.filter((a) => a.body.code === 'existing_user_email')).toHaveLength(1);
    const all = await send<WpUser[]>(inject, 'GET', '/wp-json/wp/v2/users');
    const invited = all.body.filter((u) => emails.includes(u.email));
    expect(invited).toHaveLength(12);
    expect(new Set(invited.map((u) => u.id)).size).toBe(12);
  });

  it('changes one own name and password (the current one is required)', async () => {
    const { anonymous, db } = ctx();
    await userWith(db, 'self@shop.test', 'analyst');
    const s = await login(anonymous, 'self@shop.test', TEST_PASSWORD, '10.5.0.1');
    const headers = { cookie: s.cookie, 'x-wp-nonce': s.body.nonce };
    const wrong = await send(anonymous, 'POST', '/wp-json/wp/v2/users/me', {
      headers,
      payload: { password: 'my new password', current_password: 'nope' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      data: { params: { current_password: expect.any(String) } },
    });
    const ok = await send<WpUser>(anonymous, 'POST', '/wp-json/wp/v2/users/me', {
      headers,
      payload: { name: 'Sam Self', password: 'my new password', current_password: TEST_PASSWORD },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.name).toBe('Sam Self');
    // The browser that changed it stays signed in with a fresh session.
    const fresh = { cookie: cookieOf(ok.headers), 'x-wp-nonce': String(ok.headers['x-wp-nonce']) };
    expect(
      (await send(anonymous, 'GET', '/wp-json/wp/v2/users/me', { headers: fresh })).status,
    ).toBe(200);
    expect((await send(anonymous, 'GET', '/wp-json/wp/v2/users/me', { headers })).status).toBe(401);
    expect((await login(anonymous, 'self@shop.test', TEST_PASSWORD, '10.5.0.2')).status).toBe(401);
    expect((await login(anonymous, 'self@shop.test', 'my new password', '10.5.0.3')).status).toBe(
      200,
    );
  });

  it('resets a forgotten password from the command line, with a one-time link', async () => {
    const { anonymous, db } = ctx();
    await userWith(db, 'locked@shop.test', 'administrator');
    const lines = await userCommand(
      db,
      ['reset-password', 'LOCKED@shop.test'],
      'https://stats.shop.test',
    );
    const link = new URL(lines[1]!.trim());
    expect(link.origin).toBe('https://stats.shop.test');
    const token = link.searchParams.get('token')!;
    const info = await send<AccountLinkInfo>(
      anonymous,
      'GET',
      `/wp-json/storelens/v1/account-links/${token}`,
    );
    expect(info.body.kind).toBe('reset');
    const set = await send(anonymous, 'POST', `/wp-json/storelens/v1/account-links/${token}`, {
      payload: { password: 'back in business' },
    });
    expect(set.status).toBe(200);
    expect(
      (await login(anonymous, 'locked@shop.test', 'back in business', '10.6.0.1')).status,
    ).toBe(200);
    await expect(
      userCommand(db, ['reset-password', 'ghost@shop.test'], 'http://x'),
    ).rejects.toThrow(/No account/);
  });

  it('refuses a wrong nonce with 403 rest_cookie_invalid_nonce', async () => {
    const { anonymous, db } = ctx();
    const { cookie } = await signIn(db, 'analyst');
    const res = await send(anonymous, 'GET', '/wp-json/wp/v2/users/me', {
      headers: { cookie, 'x-wp-nonce': 'forged' },
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('rest_cookie_invalid_nonce');
  });

  it('sends the security headers on every answer, and no CORS by default', async () => {
    const { anonymous } = ctx();
    for (const url of ['/wp-json/wp/v2/users/me', '/', '/nowhere']) {
      const res = await anonymous({ method: 'GET', url, headers: { origin: 'https://evil.test' } });
      expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
    const api = await anonymous({ method: 'GET', url: '/wp-json/wp/v2/users/me' });
    expect(api.headers['cache-control']).toBe('private, no-store');
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(CONTENT_SECURITY_POLICY).toMatch(/script-src 'self'(;|$)/);
  });

  it('answers a foreign Host name (DNS rebinding) with 421', async () => {
    const res = await ctx().anonymous({
      method: 'GET',
      url: '/wp-json/wc-analytics/reports/revenue/stats',
      headers: { host: 'rebind.evil.test:8080' },
    });
    expect(res.statusCode).toBe(421);
    expect(res.json().code).toBe('storelens_invalid_host');
    for (const host of ['localhost:8080', '127.0.0.1:8080', '[::1]:8080']) {
      const ok = await ctx().anonymous({ method: 'GET', url: '/', headers: { host } });
      expect(ok.statusCode).toBe(302);
    }
  });
});

describeEachEngine('first run, public URL, proxy and CORS', (ctx) => {
  it('prints a setup link when no account exists; the link creates the administrator once', async () => {
    const { db, anonymous } = ctx();
    await db.kysely.deleteFrom('users').execute();
    const first = await firstRun(db, 'http://127.0.0.1:8080');
    if (!first || !('setupUrl' in first)) throw new Error('no setup link');
    const token = new URL(first.setupUrl).searchParams.get('token')!;
    const info = await send<AccountLinkInfo>(
      anonymous,
      'GET',
      `/wp-json/storelens/v1/account-links/${token}`,
    );
    expect(info.body.kind).toBe('setup');
    const bad = await send(anonymous, 'POST', '/wp-json/storelens/v1/setup', {
      payload: { token: 'wrong', email: 'boss@shop.test', password: 'a long password' },
    });
    expect(bad.status).toBe(404);
    const made = await send<LoginResponse>(anonymous, 'POST', '/wp-json/storelens/v1/setup', {
      payload: { token, email: 'boss@shop.test', name: 'Boss', password: 'a long password' },
    });
    expect(made.status).toBe(200);
    expect(made.body.user.role).toBe('administrator');
    const twice = await send(anonymous, 'POST', '/wp-json/storelens/v1/setup', {
      payload: { token, email: 'thief@shop.test', password: 'a long password' },
    });
    expect(twice.status).toBe(403);
    expect(await firstRun(db, 'http://x')).toBeUndefined();
  });

  it('creates the first administrator from the environment for automation', async () => {
    const { db } = ctx();
    await db.kysely.deleteFrom('users').execute();
    const first = await firstRun(db, 'http://x', {
      email: 'Ops@Shop.test',
      password: 'from the env',
    });
    expect(first).toEqual({ created: 'ops@shop.test' });
    const again = await firstRun(db, 'http://x', {
      email: 'other@shop.test',
      password: 'from the env',
    });
    expect(again).toBeUndefined();
  });

  it('behind a TLS proxy: the public host is accepted and the cookie is Secure', async () => {
    const { db } = ctx();
    await createUser(db, {
      email: 'proxy@shop.test',
      name: 'p',
      role: 'analyst',
      password: TEST_PASSWORD,
    });
    const app = await buildApp(db, {
      webRoot: '/nonexistent',
      host: '0.0.0.0',
      publicUrl: 'https://stats.shop.test',
      trustProxy: true,
      allowedOrigins: ['https://tools.shop.test'],
    });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/wp-json/storelens/v1/login',
        headers: {
          host: 'stats.shop.test',
          'x-forwarded-proto': 'https',
          origin: 'https://tools.shop.test',
        },
        payload: { email: 'proxy@shop.test', password: TEST_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      expect(String([res.headers['set-cookie']].flat()[0])).toMatch(/; Secure/);
      expect(res.headers['access-control-allow-origin']).toBe('https://tools.shop.test');
      const preflight = await app.inject({
        method: 'OPTIONS',
        url: '/wp-json/wp/v2/users/me',
        headers: {
          host: 'stats.shop.test',
          origin: 'https://tools.shop.test',
          'access-control-request-method': 'GET',
        },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-headers']).toContain('X-WP-Nonce');
      // MCP clients in a browser send the protocol version header (the /mcp route).
      expect(preflight.headers['access-control-allow-headers']).toContain('Mcp-Protocol-Version');
      const foreign = await app.inject({ method: 'GET', url: '/', headers: { host: 'evil.test' } });
      expect(foreign.statusCode).toBe(421);
    } finally {
      await app.close();
    }
  });

  it('an invitation link uses the public URL when one is set', async () => {
    const { db } = ctx();
    const app = await buildApp(db, {
      webRoot: '/nonexistent',
      publicUrl: 'https://stats.shop.test/',
    });
    try {
      const admin = await signIn(db, 'administrator');
      const res = await app.inject({
        method: 'POST',
        url: '/wp-json/wp/v2/users',
        headers: admin,
        payload: { email: 'linked@shop.test', role: 'analyst' },
      });
      expect(res.statusCode).toBe(201);
      expect((res.json() as InviteResponse).invite_url).toMatch(
        /^https:\/\/stats\.shop\.test\/wp-admin\/admin\.php\?page=wc-admin&path=%2Faccept-invitation&token=/,
      );
      const token = await issueToken(db, 'invite', 999);
      expect(token).toMatch(/^[\w-]{43}$/);
    } finally {
      await app.close();
    }
  });
});

describeEachEngine('cross-site requests', (ctx) => {
  it("refuses writes sent by another site's page, even to the login route", async () => {
    const { anonymous, db } = ctx();
    await createUser(db, {
      email: 'csrf@shop.test',
      name: 'c',
      role: 'analyst',
      password: TEST_PASSWORD,
    });
    const evil = await anonymous({
      method: 'POST',
      url: '/wp-json/storelens/v1/login',
      headers: { origin: 'https://evil.test' },
      payload: { email: 'csrf@shop.test', password: TEST_PASSWORD },
    });
    expect(evil.statusCode).toBe(403);
    expect(evil.json().code).toBe('storelens_cross_origin');
    const headers = await signIn(db, 'administrator');
    const cross = await anonymous({
      method: 'POST',
      url: '/wp-json/wc-analytics/reports/import/delete',
      headers: { ...headers, origin: 'http://rebind.evil.test:8080' },
    });
    expect(cross.statusCode).toBe(403);
    const own = await anonymous({
      method: 'POST',
      url: '/wp-json/storelens/v1/login',
      headers: { origin: 'http://localhost:8080' },
      payload: { email: 'csrf@shop.test', password: TEST_PASSWORD },
    });
    expect(own.statusCode).toBe(200);
  });
});

describeEachEngine('per-user data and readable options', (ctx) => {
  it("keeps favorites per user: another user's list does not show them", async () => {
    const { anonymous, db } = ctx();
    const admin = await signIn(db, 'administrator');
    const manager = await signIn(db, 'shop_manager');
    const url = '/wp-json/wc-admin/navigation/favorites/me';
    const added = await anonymous({
      method: 'POST',
      url,
      headers: admin,
      payload: { item_id: 'woocommerce-analytics' },
    });
    expect(added.statusCode).toBe(200);
    const mine = await anonymous({ method: 'GET', url, headers: admin });
    expect(mine.json()).toContain('woocommerce-analytics');
    const theirs = await anonymous({ method: 'GET', url, headers: manager });
    expect(theirs.json()).not.toContain('woocommerce-analytics');
  });

  it('lets every role read the options the reports need, and only administrators the others', async () => {
    const { anonymous, db } = ctx();
    const analyst = await signIn(db, 'analyst');
    const report = await anonymous({
      method: 'GET',
      url: '/wp-json/wc-admin/options?options=woocommerce_currency,timezone_string',
      headers: analyst,
    });
    expect(report.statusCode).toBe(200);
    const secret = await anonymous({
      method: 'GET',
      url: '/wp-json/wc-admin/options?options=woocommerce_currency,admin_email',
      headers: analyst,
    });
    expect(secret.statusCode).toBe(403);
    expect(secret.json()).toMatchObject({
      code: 'rest_forbidden',
      data: { params: { admin_email: expect.any(String) } },
    });
    const admin = await anonymous({
      method: 'GET',
      url: '/wp-json/wc-admin/options?options=admin_email',
      headers: await signIn(db, 'administrator'),
    });
    expect(admin.statusCode).toBe(200);
  });
});

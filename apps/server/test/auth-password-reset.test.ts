import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AccountLinkInfo, LoginResponse } from '@storelens/api';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createUser } from '../src/auth/users';
import { describeEachEngine } from './harness';
import { smtpPeer } from './smtp-peer';

const received = smtpPeer();
const PUBLIC_URL = 'https://stats.shop.test';
const RESET = '/wp-json/storelens/v1/password-reset';

/** A built dashboard of one line: the settings the server puts in it are what is checked. */
function builtPage(): string {
  const root = mkdtempSync(join(tmpdir(), 'storelens-reset-page-'));
  writeFileSync(join(root, 'index.html'), '<html><head></head><body></body></html>');
  return root;
}

/** The one-time token in a received mail (quoted-printable soft breaks and `=3D` undone). */
function tokenIn(mail: { text: string }): string {
  const text = mail.text.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const link = text.match(/https:\/\/stats\.shop\.test\/wp-admin\/admin\.php\?[^\s"<]+/);
  if (!link) throw new Error(`no link in ${text}`);
  return new URL(link[0].replace(/&amp;/g, '&')).searchParams.get('token') ?? '';
}

describeEachEngine('"Forgot password?" by e-mail', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(ctx().db, { webRoot: '/nonexistent', publicUrl: PUBLIC_URL });
    await createUser(ctx().db, {
      email: 'owner@shop.test',
      name: 'Owner',
      role: 'administrator',
      password: 'the old password',
    });
  });
  afterAll(() => app.close());

  const ask = (email: unknown, remoteAddress = '203.0.113.7') =>
    app.inject({ method: 'POST', url: RESET, payload: { email }, remoteAddress });

  it('mails a link on the public address that sets a new password once, and the old one stops working', async () => {
    received.length = 0;
    const res = await ask('Owner@Shop.test');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ requested: true });
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toBe('owner@shop.test');
    const token = tokenIn(received[0]!);
    const link = `/wp-json/storelens/v1/account-links/${encodeURIComponent(token)}`;
    const info = await app.inject({ method: 'GET', url: link });
    expect(info.json<AccountLinkInfo>()).toMatchObject({ kind: 'reset', email: 'owner@shop.test' });
    const set = await app.inject({
      method: 'POST',
      url: link,
      payload: { password: 'a brand new password' },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json<LoginResponse>().user.email).toBe('owner@shop.test');
    // Single use.
    const again = await app.inject({
      method: 'POST',
      url: link,
      payload: { password: 'another new password' },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'storelens_invalid_link' });
    const login = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/wp-json/storelens/v1/login',
        payload: { email: 'owner@shop.test', password },
      });
    expect((await login('the old password')).statusCode).toBe(401);
    expect((await login('a brand new password')).statusCode).toBe(200);
  });

  it('answers an address without an account exactly as one with, and mails nothing', async () => {
    received.length = 0;
    const res = await ask('nobody@shop.test', '203.0.113.8');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ requested: true });
    expect(received).toHaveLength(0);
  });

  it('mails one account three times an hour at most, answering every request alike', async () => {
    received.length = 0;
    await createUser(ctx().db, {
      email: 'target@shop.test',
      name: 'Target',
      role: 'analyst',
      password: 'the target password',
    });
    for (let i = 0; i < 5; i++) {
      const res = await ask('target@shop.test', `198.51.100.${i + 1}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ requested: true });
    }
    expect(received.filter((m) => m.to === 'target@shop.test')).toHaveLength(3);
  });

  it('refuses an address asking too often (429 with Retry-After) and a missing e-mail by name', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await ask('nobody@shop.test', '192.0.2.9')).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    const refused = await ask('nobody@shop.test', '192.0.2.9');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const bad = await ask('', '192.0.2.10');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { email: expect.any(String) } },
    });
  });

  it('without a public address, says the server cannot mail a link: the request Host is not trusted for links', async () => {
    const bare = await buildApp(ctx().db, { webRoot: '/nonexistent' });
    try {
      received.length = 0;
      const res = await bare.inject({
        method: 'POST',
        url: RESET,
        payload: { email: 'owner@shop.test' },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'storelens_password_reset_unavailable' });
      expect(received).toHaveLength(0);
    } finally {
      await bare.close();
    }
  });

  it('tells the signed-out page which way a reset goes', async () => {
    const page = (a: FastifyInstance) =>
      a.inject({ method: 'GET', url: '/wp-admin/admin.php?page=wc-admin' });
    const settingsOf = (html: string) => html.match(/"passwordReset":"(\w+)"/)?.[1];
    const withMail = await buildApp(ctx().db, { webRoot: builtPage(), publicUrl: PUBLIC_URL });
    const withoutUrl = await buildApp(ctx().db, { webRoot: builtPage() });
    try {
      expect(settingsOf((await page(withMail)).body)).toBe('email');
      expect(settingsOf((await page(withoutUrl)).body)).toBe('command');
    } finally {
      await withMail.close();
      await withoutUrl.close();
    }
  });
});

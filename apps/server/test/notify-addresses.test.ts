import { afterEach, describe, expect, it, vi } from 'vitest';
import { internalKind, resolver } from '../src/notify/addresses';
import { describeEachEngine, signIn, testEmail } from './harness';
import { controlledNotifier, httpReceiver } from './notify-helpers';

const DIGESTS = '/wp-json/storelens/v1/digests';
const ALERTS = '/wp-json/storelens/v1/alerts';
const SECRET = 'a-signing-key-of-the-shop-owner';

const receiver = httpReceiver();

/** Names of the tests' own, answered by the replaced lookup; any other name is unknown. */
const names = new Map<string, string>();
function fakeDns() {
  return vi.spyOn(resolver, 'lookup').mockImplementation(async (host) => {
    const address = names.get(host);
    if (!address)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return [{ address, family: address.includes(':') ? 6 : 4 }];
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  names.clear();
});

describe('internalKind', () => {
  it('names loopback, private, link-local and unspecified addresses, in every spelling', () => {
    const host = (url: string) => {
      const h = new URL(url).hostname;
      return h.startsWith('[') ? h.slice(1, -1) : h;
    };
    expect(internalKind(host('http://127.0.0.1/'))).toBe('loopback');
    expect(internalKind(host('http://2130706433/'))).toBe('loopback');
    expect(internalKind(host('http://0x7f.1/'))).toBe('loopback');
    expect(internalKind(host('http://[::1]/'))).toBe('loopback');
    expect(internalKind(host('http://[::ffff:127.0.0.1]/'))).toBe('loopback');
    expect(internalKind(host('http://10.20.30.40/'))).toBe('private');
    expect(internalKind(host('http://172.16.0.1/'))).toBe('private');
    expect(internalKind(host('http://172.31.255.255/'))).toBe('private');
    expect(internalKind(host('http://192.168.1.1/'))).toBe('private');
    expect(internalKind(host('http://[fd12::1]/'))).toBe('private');
    expect(internalKind(host('http://[64:ff9b::a00:1]/'))).toBe('private');
    expect(internalKind(host('http://169.254.169.254/'))).toBe('link-local');
    expect(internalKind(host('http://[fe80::1]/'))).toBe('link-local');
    expect(internalKind(host('http://0.0.0.0/'))).toBe('unspecified');
    expect(internalKind(host('http://[::]/'))).toBe('unspecified');
    for (const open of ['8.8.8.8', '172.32.0.1', '192.169.0.1', '2001:db8::1', '169.255.0.1'])
      expect(internalKind(open), open).toBeUndefined();
  });
});

describeEachEngine('outbound addresses: who may send where', (ctx) => {
  it("refuses an analyst's channel to an internal address or name, naming channels[i].url", async () => {
    const { app, db, anonymous } = ctx();
    await controlledNotifier(app, '2024-03-09 14:00:00');
    fakeDns();
    names.set('intranet.example', '10.1.2.3');
    names.set('hooks.example', '93.184.216.34');
    const analyst = await signIn(db, 'analyst');
    const refused = async (url: string, type: 'slack' | 'webhook' = 'slack') => {
      const channel = type === 'slack' ? { type, url } : { type, url, secret: SECRET };
      const res = await anonymous({
        method: 'POST',
        url: DIGESTS,
        headers: analyst,
        payload: { frequency: 'daily', hour: 8, channels: [{ type: 'email' }, channel] },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('rest_invalid_param');
      return res.json().data.params['channels[1].url'] as string;
    };
    expect(await refused('http://127.0.0.1:9/hook')).toMatch(/127\.0\.0\.1 is a loopback address/);
    expect(await refused('http://169.254.169.254/latest/meta-data/', 'webhook')).toMatch(
      /link-local address.*manage_options/,
    );
    expect(await refused('http://intranet.example/hook')).toMatch(
      /intranet\.example resolves to 10\.1\.2\.3, a private address/,
    );
    expect(await refused('http://[::ffff:127.0.0.1]/')).toMatch(/loopback/);
    expect(await refused('http://2130706433/')).toMatch(/loopback/);
    expect(await refused('http://0.0.0.0:8080/')).toMatch(/unspecified/);
    // An alert and an update are checked alike; a shop manager has no manage_options either.
    const alert = await anonymous({
      method: 'POST',
      url: ALERTS,
      headers: await signIn(db, 'shop_manager'),
      payload: {
        condition: 'no_orders',
        hours: 6,
        channels: [{ type: 'webhook', url: 'http://192.168.0.10/x', secret: SECRET }],
      },
    });
    expect(alert.statusCode).toBe(400);
    expect(alert.json().data.params['channels[0].url']).toMatch(/private address/);
    const own = await anonymous({
      method: 'POST',
      url: DIGESTS,
      headers: analyst,
      payload: {
        frequency: 'daily',
        hour: 8,
        channels: [{ type: 'slack', url: 'https://hooks.example/services/T0/B0/x' }],
      },
    });
    expect(own.statusCode).toBe(201);
    const put = await anonymous({
      method: 'PUT',
      url: `${DIGESTS}/${own.json().id}`,
      headers: analyst,
      payload: { channels: [{ type: 'slack', url: `${receiver.url}/x` }] },
    });
    expect(put.statusCode).toBe(400);
    expect(put.json().data.params['channels[0].url']).toMatch(/loopback/);
    await anonymous({ method: 'DELETE', url: `${DIGESTS}/${own.json().id}`, headers: analyst });
  });

  it('checks again at delivery, on the address it connects to', async () => {
    const { db, anonymous } = ctx();
    const dns = fakeDns();
    receiver.received.length = 0;
    // Public when saved, the server's own loopback when sent (DNS rebinding).
    names.set('rebind.example', '93.184.216.34');
    const port = new URL(receiver.url).port;
    const analyst = await signIn(db, 'analyst');
    const created = await anonymous({
      method: 'POST',
      url: DIGESTS,
      headers: analyst,
      payload: {
        frequency: 'daily',
        hour: 8,
        channels: [{ type: 'webhook', url: `http://rebind.example:${port}/hook`, secret: SECRET }],
      },
    });
    expect(created.statusCode).toBe(201);
    names.set('rebind.example', '127.0.0.1');
    dns.mockClear();
    const sent = await anonymous({
      method: 'POST',
      url: `${DIGESTS}/${created.json().id}/send`,
      headers: analyst,
    });
    expect(sent.json().deliveries).toEqual([
      {
        channel: 'webhook',
        status: 'failed',
        error: expect.stringMatching(/rebind\.example resolves to 127\.0\.0\.1, a loopback/),
      },
    ]);
    // Resolved once for the delivery, and nothing reached the receiver.
    expect(dns).toHaveBeenCalledTimes(1);
    expect(receiver.received).toHaveLength(0);
    await anonymous({
      method: 'DELETE',
      url: `${DIGESTS}/${created.json().id}`,
      headers: analyst,
    });
  });

  it("delivers an administrator's loopback channel, and stops when its owner loses the role", async () => {
    const { app, db } = ctx();
    receiver.received.length = 0;
    const created = await app.inject({
      method: 'POST',
      url: DIGESTS,
      payload: {
        frequency: 'daily',
        hour: 8,
        channels: [{ type: 'webhook', url: `${receiver.url}/admin`, secret: SECRET }],
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    const sent = await app.inject({ method: 'POST', url: `${DIGESTS}/${id}/send` });
    expect(sent.json().deliveries).toEqual([{ channel: 'webhook', status: 'sent', error: null }]);
    expect(receiver.received.map((r) => r.path)).toEqual(['/admin']);

    // The digest now belongs to an analyst (as if its owner had been demoted): refused at
    // delivery, with the reason in the answer.
    const analyst = await signIn(db, 'analyst');
    const analystId = (await db.kysely
      .selectFrom('users')
      .select('id')
      .where('email', '=', testEmail('analyst'))
      .executeTakeFirstOrThrow())!.id;
    await db.kysely
      .updateTable('notify_digests')
      .set({ user_id: analystId })
      .where('id', '=', id)
      .execute();
    const refused = await ctx().anonymous({
      method: 'POST',
      url: `${DIGESTS}/${id}/send`,
      headers: analyst,
    });
    expect(refused.json().deliveries).toEqual([
      { channel: 'webhook', status: 'failed', error: expect.stringMatching(/loopback address/) },
    ]);
    expect(receiver.received).toHaveLength(1);
  });
});

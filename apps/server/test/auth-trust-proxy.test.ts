/*
 * STORELENS_TRUST_PROXY: a hop count or a list of proxies; the client's address is the one the
 * trusted hops saw, never what the client wrote in X-Forwarded-For before them.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { fastifyOptions } from '../src/app';
import { ConfigError, readTrustProxy } from '../src/config';

describe('STORELENS_TRUST_PROXY', () => {
  it('reads a hop count, a list of proxies, or nothing', () => {
    for (const off of [undefined, '', '0', 'false', 'no']) expect(readTrustProxy(off)).toBe(false);
    expect(readTrustProxy('1')).toBe(1);
    expect(readTrustProxy('true')).toBe(1);
    expect(readTrustProxy('2')).toBe(2);
    expect(readTrustProxy('10.0.0.0/8, 192.0.2.1,::1, fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '192.0.2.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['proxy.example.com', '10.0.0.0/33', '10.0.0.1/8/1', '-1'])
      expect(() => readTrustProxy(bad)).toThrow(ConfigError);
  });

  it("takes the client's address from the trusted hops only", async () => {
    const ipOf = async (setting: string, remoteAddress: string, forwarded?: string) => {
      const app = Fastify(fastifyOptions(readTrustProxy(setting)));
      app.get('/ip', async (request) => ({ ip: request.ip, protocol: request.protocol }));
      try {
        const res = await app.inject({
          method: 'GET',
          url: '/ip',
          remoteAddress,
          headers: {
            'x-forwarded-proto': 'https',
            ...(forwarded ? { 'x-forwarded-for': forwarded } : {}),
          },
        });
        return res.json() as { ip: string; protocol: string };
      } finally {
        await app.close();
      }
    };
    // No proxy trusted: the connection's address, whatever the headers say.
    expect(await ipOf('', '203.0.113.1', 'spoofed')).toEqual({
      ip: '203.0.113.1',
      protocol: 'http',
    });
    // One hop: what the proxy appended, not what the client sent before it.
    expect(await ipOf('1', '127.0.0.1', '192.0.2.66, 198.51.100.7')).toEqual({
      ip: '198.51.100.7',
      protocol: 'https',
    });
    // Two hops: the client as the outer proxy saw it.
    expect((await ipOf('2', '127.0.0.1', '192.0.2.66, 198.51.100.7, 10.0.0.2')).ip).toBe(
      '198.51.100.7',
    );
    // A list: only a listed proxy is believed, and past it the first address not listed.
    expect((await ipOf('10.0.0.0/8', '10.1.2.3', '192.0.2.66, 198.51.100.7, 10.0.0.9')).ip).toBe(
      '198.51.100.7',
    );
    expect(await ipOf('10.0.0.0/8', '203.0.113.5', '192.0.2.66')).toEqual({
      ip: '203.0.113.5',
      protocol: 'http',
    });
  });
});

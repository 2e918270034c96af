import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allowedHostsOf, hostName } from './plugin';
import { CAPABILITIES, can, capabilitiesOf, ROLE_CAPABILITIES, ROLES } from './roles';
import {
  hashPassword,
  newApplicationPassword,
  newToken,
  parseApplicationPassword,
  sameSecret,
  tokenHash,
  verifyPassword,
} from './secrets';

describe('hostName', () => {
  it('drops the port and brackets, lower-cases, for any name and port', () => {
    const label = fc.stringMatching(/^[a-z0-9-]{1,20}$/);
    fc.assert(
      fc.property(
        fc.array(label, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 65535 }),
        (labels, port) => {
          const name = labels.join('.');
          expect(hostName(`${name.toUpperCase()}:${port}`)).toBe(name);
          expect(hostName(name)).toBe(name);
        },
      ),
    );
    expect(hostName('[::1]:8080')).toBe('::1');
    expect(hostName(undefined)).toBe('');
  });

  it('accepts loopback names and the public host; refuses others', () => {
    const hosts = allowedHostsOf('127.0.0.1', 'https://stats.shop.test');
    for (const h of ['localhost', '127.0.0.1', '::1', 'stats.shop.test'])
      expect(hosts.has(h)).toBe(true);
    expect(hosts.has('evil.test')).toBe(false);
    expect(allowedHostsOf('192.0.2.10').has('192.0.2.10')).toBe(true);
    expect(allowedHostsOf('0.0.0.0').has('127.0.0.1')).toBe(true);
  });
});

describe('role matrix', () => {
  it('each role has read; higher roles have every capability of lower ones', () => {
    for (const role of ROLES) expect(can(role, 'read')).toBe(true);
    const order = ['analyst', 'shop_manager', 'administrator'] as const;
    for (let i = 1; i < order.length; i++)
      for (const c of ROLE_CAPABILITIES[order[i - 1]!]) expect(can(order[i]!, c)).toBe(true);
    expect(can('shop_manager', 'manage_options')).toBe(false);
    expect(can('analyst', 'manage_woocommerce')).toBe(false);
    expect(Object.keys(capabilitiesOf('analyst')).sort()).toEqual([
      'analyst',
      'read',
      'view_woocommerce_reports',
    ]);
    expect(CAPABILITIES).toHaveLength(4);
  });
});

describe('README', () => {
  it('prints the same role matrix as roles.ts', () => {
    const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
    const header = /^\| role +\|(.+)\|$/m
      .exec(readme)?.[1]
      ?.split('|')
      .map((c) => c.trim());
    expect(header).toEqual([...CAPABILITIES]);
    for (const role of ROLES) {
      const row = new RegExp(`^\\| \`${role}\` +\\|(.+)\\|$`, 'm').exec(readme)?.[1];
      const cells = row?.split('|').map((c) => c.trim() === 'yes');
      expect(cells).toEqual(CAPABILITIES.map((c) => can(role, c)));
    }
  });
});

describe('secrets', () => {
  it('verifies the password it hashed and nothing else', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 40 }),
        fc.string({ minLength: 1, maxLength: 40 }),
        async (a, b) => {
          const hash = await hashPassword(a);
          expect(hash.startsWith('scrypt$')).toBe(true);
          expect(hash).not.toContain(a.length > 3 ? a : '\u0000');
          expect(await verifyPassword(a, hash)).toBe(true);
          if (a !== b) expect(await verifyPassword(b, hash)).toBe(false);
        },
      ),
      { numRuns: 6 },
    );
  });

  it('never matches a malformed or empty stored hash', async () => {
    for (const stored of ['', 'scrypt$', 'plain', 'scrypt$0$8$1$aa$bb', 'md5$1$2$3$4$5'])
      expect(await verifyPassword('anything', stored)).toBe(false);
  });

  it('makes unguessable tokens and WordPress-shaped application passwords', () => {
    const tokens = new Set(Array.from({ length: 200 }, newToken));
    expect(tokens.size).toBe(200);
    for (const t of tokens) expect(t).toMatch(/^[\w-]{43}$/);
    const ids = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const { id, password } = newApplicationPassword();
      expect(password).toMatch(/^([A-Za-z0-9]{4} ){7}[A-Za-z0-9]{4}$/);
      // The id is the key's start; the whole key, with or without spaces, parses back to it.
      expect(parseApplicationPassword(password)).toEqual({ id, key: password.replace(/ /g, '') });
      expect(parseApplicationPassword(` ${password.replace(/ /g, '')} `)?.id).toBe(id);
      ids.add(id);
    }
    expect(ids.size).toBe(200);
    // A WordPress-length (24) key of before, or any other shape, is not one.
    for (const sent of ['abcd EFGH ijkl MNOP qrst UVWX', '', 'x'.repeat(33), `${'a'.repeat(31)}!`])
      expect(parseApplicationPassword(sent)).toBeUndefined();
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(sameSecret(a, b)).toBe(a === b);
        expect(tokenHash(a) === tokenHash(b)).toBe(a === b);
      }),
    );
  });
});

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ROLES } from '../src/auth/roles';
import type { Db } from '../src/db/database';
import { registeredRoutes } from '../src/routes/registered';
import { engines, freshStore, signIn } from './harness';

/*
 * Who may call a route is decided on the route the router matched. The router reads many
 * spellings of one path as that path (escapes, repeated slashes, case, a trailing slash, dot
 * segments, WordPress's `?rest_route=`): this walk sends each spelling of every registered
 * route, over real HTTP so that no client tidies the path first, anonymously and as each
 * identity, and proves the answer is the plain path's.
 *
 * The handlers are not run: a hook of this test's own, after authentication, answers with the
 * route the router matched and the user it was given, so plain and encoded spellings must agree
 * on both, and a write's effect cannot make two answers differ.
 */

const PROBE_HEADER = 'x-test-route-probe';

/** A concrete path for a route pattern: each `:param` gets a plausible value. */
function concrete(url: string): string {
  const values: Record<string, string> = { type: 'revenue', group: 'wc_admin', token: 'x' };
  return url.replace(/:([a-z_]+)/g, (_, name: string) => values[name] ?? '1').replace('*', 'x');
}

const hex = (c: string) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`;

/** The spellings of one path that must reach the same route. */
export function spellings(path: string): Record<string, string> {
  const out: Record<string, string> = {};
  const [, first = '', rest = ''] = /^\/([^/]*)(.*)$/.exec(path) ?? [];
  // Each letter of the first segment (`wp-json`, `wp-admin`) escaped, one at a time.
  for (let i = 0; i < first.length; i++)
    out[`letter ${i} escaped`] =
      `/${first.slice(0, i)}${hex(first[i]!)}${first.slice(i + 1)}${rest}`;
  out['every character escaped'] = path.replace(/[^/]/g, (c) => hex(c).toUpperCase());
  out['slashes as %2F'] = `/${path.slice(1).replaceAll('/', '%2F')}`;
  out['slashes as %2f'] = `/${path.slice(1).replaceAll('/', '%2f')}`;
  out['double slashes'] = path.replaceAll('/', '//');
  out['trailing slash'] = `${path}/`;
  out['upper case'] = path.toUpperCase();
  out['first segment upper case'] = `/${first.toUpperCase()}${rest}`;
  out['dot segments'] = `/a/./b/../..${path}`;
  out['escaped dot segments'] = `/a/%2e%2E/${path.slice(1)}`;
  out['absolute form'] = `http://127.0.0.1${path}`;
  if (path.startsWith('/wp-json/')) {
    const route = path.slice('/wp-json'.length);
    out['?rest_route='] = `/?rest_route=${route}`;
    out['?rest_route= escaped'] = `/?rest_route=${encodeURIComponent(route)}`;
    out['index.php?rest_route='] = `/index.php?rest_route=${route}&x=1`;
    out.mixed = `//%77p-json/${route.slice(1).toUpperCase().replaceAll('/', '%2F')}/`;
  }
  return out;
}

interface Answer {
  status: number;
  body: string;
}

describe('spellings', () => {
  it('makes the spellings the walk sends', () => {
    const s = spellings('/wp-json/wp/v2/users');
    expect(s['letter 0 escaped']).toBe('/%77p-json/wp/v2/users');
    expect(s['letter 2 escaped']).toBe('/wp%2djson/wp/v2/users');
    expect(s['slashes as %2F']).toBe('/wp-json%2Fwp%2Fv2%2Fusers');
    expect(s['?rest_route=']).toBe('/?rest_route=/wp/v2/users');
  });
});

for (const engine of engines) {
  describe(`every spelling of every route is authorised as the route [${engine}]`, () => {
    let app: FastifyInstance;
    let db: Db;
    let drop: () => Promise<void>;
    let port: number;
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });

    beforeAll(async () => {
      const store = await freshStore(engine);
      db = store.db;
      drop = store.drop;
      // A built dashboard, so that the page and the files' routes are walked too.
      const webRoot = mkdtempSync(join(tmpdir(), 'storelens-walk-web-'));
      writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>x</title><div></div>');
      mkdirSync(join(webRoot, 'assets'));
      writeFileSync(join(webRoot, 'assets', 'x'), 'x');
      app = await buildApp(db, { webRoot });
      app.addHook('preValidation', async (request, reply) => {
        if (request.headers[PROBE_HEADER] !== '1' || request.is404) return;
        // A string, so that no route's answer schema reshapes it.
        const probe = {
          route: `${request.routeOptions.method} ${request.routeOptions.url}`,
          user: request.authUser ? `${request.authUser.role} via ${request.authUser.via}` : null,
        };
        return reply.status(200).type('application/json').send(JSON.stringify(probe));
      });
      await app.listen({ host: '127.0.0.1', port: 0 });
      port = (app.server.address() as { port: number }).port;
    });
    afterAll(async () => {
      agent.destroy();
      await app?.close();
      await drop?.();
    });

    function send(method: string, path: string, headers: Record<string, string>) {
      return new Promise<Answer>((resolve, reject) => {
        const body = method === 'POST' || method === 'PUT' || method === 'PATCH' ? '{}' : undefined;
        const req = request(
          {
            host: '127.0.0.1',
            port,
            method,
            path,
            agent,
            headers: {
              host: `127.0.0.1:${port}`,
              [PROBE_HEADER]: '1',
              ...(body ? { 'content-type': 'application/json' } : {}),
              ...headers,
            },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              text += chunk;
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
          },
        );
        req.on('error', (error) => reject(new Error(`${method} ${path}: ${error.message}`)));
        req.end(body);
      });
    }

    it('declares who may call every route, the page and its files included', async () => {
      const routes = registeredRoutes(app);
      expect(routes.length).toBeGreaterThan(200);
      expect(routes.filter((r) => r.capability === undefined)).toEqual([]);
      for (const url of ['/', '/wp-admin/admin.php', '/wp-admin/*'])
        expect(routes.find((r) => r.url === url && r.method === 'GET')?.capability).toBe('public');
    });

    it('refuses to register a route that declares no capability, anywhere', async () => {
      const bare = await buildApp(db, { webRoot: '/nonexistent' });
      expect(() => bare.get('/elsewhere', async () => 'x')).toThrow(/declares no capability/);
      expect(() => bare.get('/wp-json/x/v1/y', async () => 'x')).toThrow(/declares no capability/);
      await bare.close();
    });

    it('answers each spelling as the plain path, for anonymous and every identity', async () => {
      const identities: Record<string, Record<string, string>> = {
        anonymous: {},
        'cookie without nonce': { cookie: (await signIn(db, 'administrator')).cookie },
        'wrong nonce': {
          cookie: (await signIn(db, 'administrator')).cookie,
          'x-wp-nonce': 'not-the-nonce',
        },
        'administrator from another site': {
          ...(await signIn(db, 'administrator')),
          origin: 'https://evil.example',
        },
      };
      for (const role of ROLES) identities[role] = await signIn(db, role);

      const routes = registeredRoutes(app).filter((r) => r.method !== 'HEAD');
      const problems: string[] = [];
      let compared = 0;
      for (const route of routes) {
        // Every route is walked; `/wp-json/` logout ends no session here (its handler never runs).
        const path = concrete(route.url);
        const variants = spellings(path);
        for (const [who, headers] of Object.entries(identities)) {
          const plain = await send(route.method, path, headers);
          if (plain.status === 404) problems.push(`${route.method} ${path} as ${who}: plain 404`);
          if (
            who === 'anonymous' &&
            route.capability !== 'public' &&
            (plain.status !== 401 || !plain.body.includes('rest_not_logged_in'))
          )
            problems.push(`${route.method} ${path}: anonymous answered ${plain.status}`);
          const answers = await Promise.all(
            Object.entries(variants).map(async ([name, variant]) => ({
              name,
              variant,
              answer: await send(route.method, variant, headers),
            })),
          );
          for (const { name, variant, answer } of answers) {
            compared++;
            if (answer.status !== plain.status || answer.body !== plain.body)
              problems.push(
                `${route.method} ${variant} (${name}) as ${who}: ${answer.status} ${answer.body.slice(0, 90)}, plain ${plain.status} ${plain.body.slice(0, 90)}`,
              );
          }
        }
      }
      expect(problems.slice(0, 40)).toEqual([]);
      expect(compared).toBeGreaterThan(10_000);
    }, 600_000);
  });
}

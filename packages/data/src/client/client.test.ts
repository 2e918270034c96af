// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, wpError } from '../test/server.ts';
import { CLIENT_ERROR_CODES, isApiError } from './api-error.ts';
import { createApiClient } from './client.ts';

let server: TestServer;
let authSeen: string | undefined;

beforeAll(async () => {
  server = await startTestServer((app) => {
    app.get('/items', async (_req, reply) => {
      reply.header('X-WP-Total', '42').header('X-WP-TotalPages', '5');
      return [{ id: 1 }];
    });
    app.post('/echo', async (req) => ({ got: req.body }));
    app.get('/auth', async (req) => {
      authSeen = req.headers.authorization;
      return { ok: true };
    });
    app.get('/boom', async (_req, reply) =>
      reply.code(500).send(wpError('db_down', 'Database down', 500)),
    );
    app.get('/invalid', async (_req, reply) =>
      reply.code(400).send({
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): per_page',
        data: { status: 400, params: { per_page: 'per_page must be between 1 and 100' } },
      }),
    );
    app.get('/html-500', async (_req, reply) =>
      reply.code(502).type('text/html').send('<h1>Bad gateway</h1>'),
    );
    app.get('/garbage', async (_req, reply) => reply.type('application/json').send('{not json'));
    app.get('/empty', async (_req, reply) => reply.code(200).send(''));
    app.get('/drop', async (req) => {
      req.raw.socket.destroy();
      return new Promise(() => {});
    });
    app.get('/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      return { late: true };
    });
  });
});
afterAll(() => server.close());

describe('createApiClient', () => {
  it('reads JSON and the X-WP-Total / X-WP-TotalPages headers', async () => {
    const res = await server.client.get('/items');
    expect(res).toMatchObject({ data: [{ id: 1 }], total: 42, totalPages: 5, status: 200 });
  });

  it('leaves totals null when the headers are missing', async () => {
    const res = await server.client.post('/echo', { a: 1 });
    expect(res.total).toBeNull();
    expect(res.totalPages).toBeNull();
  });

  it('sends JSON bodies and query args (lists as key[]=)', async () => {
    const res = await server.client.post<{ got: unknown }>(
      '/echo',
      { a: [1, 2] },
      {
        ids: [3, 4],
        skip: undefined,
      },
    );
    expect(res.data.got).toEqual({ a: [1, 2] });
    expect(server.requests.at(-1)?.url).toBe('/echo?ids[]=3&ids[]=4');
  });

  it('uses /wp-json as the default base URL', async () => {
    const urls: string[] = [];
    const client = createApiClient({
      fetch: async (input) => {
        urls.push(String(input));
        return new Response('[]');
      },
    });
    await client.get('/wc-analytics/reports', { page: 2 });
    expect(urls).toEqual(['/wp-json/wc-analytics/reports?page=2']);
  });

  it('adds the headers the auth hook returns', async () => {
    const client = createApiClient({
      baseUrl: server.baseUrl,
      headers: async (req) => ({ Authorization: `Bearer for ${req.path}` }),
    });
    await client.get('/auth');
    expect(authSeen).toBe('Bearer for /auth');
  });

  it('turns a WordPress error body into an ApiError value', async () => {
    await expect(server.client.get('/boom')).rejects.toEqual({
      code: 'db_down',
      message: 'Database down',
      status: 500,
      params: {},
    });
  });

  it('keeps validation params', async () => {
    const error = await server.client.get('/invalid').catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'rest_invalid_param',
      status: 400,
      params: { per_page: 'per_page must be between 1 and 100' },
    });
  });

  it('turns an unknown route (404) into an ApiError with the server code', async () => {
    const error = await server.client.get('/nowhere').catch((e: unknown) => e);
    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({ status: 404 });
  });

  it('turns a non-JSON error page into an http_error', async () => {
    const error = await server.client.get('/html-500').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: CLIENT_ERROR_CODES.http, status: 502 });
  });

  it('turns an unparsable success body into invalid_json', async () => {
    const error = await server.client.get('/garbage').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: CLIENT_ERROR_CODES.invalidJson, status: 200 });
  });

  it('gives null data for an empty body', async () => {
    const res = await server.client.get('/empty');
    expect(res.data).toBeNull();
  });

  it('turns a dropped connection into fetch_error with status 0', async () => {
    const error = await server.client.get('/drop').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: CLIENT_ERROR_CODES.network, status: 0 });
  });

  it('cancels with an AbortSignal', async () => {
    const controller = new AbortController();
    const pending = server.client.get('/slow', undefined, controller.signal);
    setTimeout(() => controller.abort(), 30);
    // Not aborted, the request would succeed after the route's 2 s: the error alone proves it.
    const error = await pending.catch((e: unknown) => e);
    expect(error).toMatchObject({ code: CLIENT_ERROR_CODES.aborted, status: 0 });
  });
});

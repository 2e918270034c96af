/**
 * How the MCP tools read figures: each calls the server's own REST route in-process
 * (`app.inject`) with the credentials of the request that reached `/mcp` (its application
 * password, or its session cookie and nonce), never an identity of the server's own. So the
 * answer is the route's answer for that user: the same validation, role checks, filters, cache
 * and serialisation as the dashboard gets.
 */
import { type QueryInput, stringifyQuery } from '@storelens/navigation';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Who calls the REST routes: the app and the caller's own credential headers. */
export interface Caller {
  app: FastifyInstance;
  headers: Record<string, string>;
}

/** The credentials of a request, to send again with each in-process request. */
export function callerOf(request: FastifyRequest): Caller {
  const headers: Record<string, string> = {};
  const { authorization, cookie, host } = request.headers;
  if (typeof authorization === 'string') headers.authorization = authorization;
  if (typeof cookie === 'string') headers.cookie = cookie;
  if (typeof host === 'string') headers.host = host;
  // A session's nonce comes as a header or as `_wpnonce` in the URL (which the authentication
  // hook takes out of the parsed query, not out of the URL).
  const sent = request.headers['x-wp-nonce'];
  const nonce =
    (Array.isArray(sent) ? sent[0] : sent) ??
    new URLSearchParams(request.url.split('?')[1] ?? '').get('_wpnonce') ??
    undefined;
  if (nonce) headers['x-wp-nonce'] = nonce;
  return { app: request.server, headers };
}

/** A REST answer that is not a 2xx: its status and WordPress error body. */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly params: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** What a REST route answered: its body and, for collections, the paging headers. */
export interface RestAnswer<T> {
  body: T;
  total: number | undefined;
  totalPages: number | undefined;
}

const header = (value: unknown) => {
  const n = Number(Array.isArray(value) ? value[0] : value);
  return value === undefined || !Number.isFinite(n) ? undefined : n;
};

/** GETs a REST route as the caller; a refusal becomes a RestError with the route's params. */
export async function restGet<T = unknown>(
  caller: Caller,
  path: string,
  query: QueryInput = {},
): Promise<RestAnswer<T>> {
  const qs = stringifyQuery(query, { lists: 'brackets' });
  const res = await caller.app.inject({
    method: 'GET',
    url: qs ? `${path}?${qs}` : path,
    headers: caller.headers,
  });
  let body: unknown;
  try {
    body = res.json();
  } catch {
    body = res.body;
  }
  if (res.statusCode < 200 || res.statusCode >= 300) {
    const error = (body ?? {}) as {
      code?: string;
      message?: string;
      data?: { params?: Record<string, string> };
    };
    throw new RestError(
      res.statusCode,
      error.code ?? 'http_error',
      error.message ?? `The REST route answered ${res.statusCode}.`,
      error.data?.params ?? {},
    );
  }
  return {
    body: body as T,
    total: header(res.headers['x-wp-total']),
    totalPages: header(res.headers['x-wp-totalpages']),
  };
}

import { ContextOnlyQuery } from '@storelens/api';
import type { FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';

/** Options of a route that takes only `context` and answers `schema` (serialised with it). */
export function contextAnswers(schema: TSchema) {
  return { schema: { querystring: ContextOnlyQuery, response: { 200: schema } } };
}

/**
 * The user a request acts for, as the authentication hook (auth/plugin.ts) found it; per-user
 * data (favorites, exports, preferences) is keyed by this id. 0 is the server itself (its own
 * in-process reads); routes that call this need a capability, so anonymous requests never
 * reach them.
 */
export function currentUserId(request: FastifyRequest): number {
  return request.authUser?.id ?? 0;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** `Config.publicUrl`: where users reach the server (set by buildApp). */
    storelensPublicUrl: string | undefined;
  }
}

/**
 * The server's address for absolute links (export e-mails, Jetpack connect): the configured
 * `STORELENS_PUBLIC_URL`, else the address and port the connection actually arrived on. Never
 * the Host header, which any client sets (a link in an e-mail could point anywhere).
 */
export function originOf(request: FastifyRequest): string {
  const configured = request.server.storelensPublicUrl;
  if (configured) return configured;
  const address = request.socket?.localAddress?.replace(/^::ffff:/, '');
  const port = request.socket?.localPort;
  if (!address || !port) return 'http://127.0.0.1';
  return `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
}

/** Query and JSON body merged (body wins), as WordPress reads request params. */
export function paramsOf(request: FastifyRequest): Record<string, unknown> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const body =
    request.body && typeof request.body === 'object' && !Array.isArray(request.body)
      ? (request.body as Record<string, unknown>)
      : {};
  return { ...query, ...body };
}

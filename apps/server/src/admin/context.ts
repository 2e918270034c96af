import type { FastifyRequest } from 'fastify';

/**
 * The user a request acts for. Until the login issue lands every request is the store's one
 * administrator, user 1; per-user data (favorites) is already keyed by this id.
 */
export function currentUserId(_request: FastifyRequest): number {
  return 1;
}

/** The server's own origin as the client reached it (for absolute links in e-mails). */
export function originOf(request: FastifyRequest): string {
  const host = request.headers.host ?? '127.0.0.1';
  return `${request.protocol}://${host}`;
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

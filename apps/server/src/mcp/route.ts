/**
 * `/mcp`: the MCP server over Streamable HTTP, in the SDK's stateless mode (a server and a
 * transport per POST, JSON answers, no session), behind the same authentication hook as every
 * route: it declares `view_woocommerce_reports`, so an anonymous call is a 401 and the tools act
 * with the caller's own credentials (rest.ts). The transport is the SDK's web-standard one:
 * it is handed a `Request` and the body Fastify parsed, and its `Response` is sent through the
 * reply, so the answer passes the app's hooks (security headers, compression) as any route's.
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { originOf } from '../admin/context';
import { requires } from '../auth/capability';
import type { Db } from '../db/database';
import { bootSettings } from '../web';
import { callerOf } from './rest';
import { createMcpServer } from './server';

export const MCP_PATH = '/mcp';

/** The Fastify request as a web `Request` (headers and URL; the body is passed parsed). */
function webRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
  }
  return new Request(`http://${request.host || 'localhost'}${request.url}`, {
    method: request.method,
    headers,
  });
}

/** Sends a web `Response` through the Fastify reply. */
async function sendResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    reply.header(name, value);
  });
  reply.header('Cache-Control', 'private, no-store');
  const text = await response.text();
  return reply.send(text === '' ? undefined : text);
}

/** A JSON-RPC error answer of the transport's kind (no request id: none was read). */
const rpcError = (message: string) => ({
  jsonrpc: '2.0',
  error: { code: -32000, message },
  id: null,
});

/** Registers `/mcp` (POST; GET and DELETE answer 405: no streams or sessions in stateless mode). */
export function mcpRoutes(app: FastifyInstance, db: Db): void {
  const access = requires('view_woocommerce_reports');
  app.post(MCP_PATH, access, async (request, reply) => {
    const server = createMcpServer({
      caller: callerOf(request),
      settings: () => bootSettings(db),
      origin: originOf(request),
    });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    try {
      await server.connect(transport);
      const response = await transport.handleRequest(webRequest(request), {
        parsedBody: request.body,
      });
      return await sendResponse(reply, response);
    } finally {
      await server.close();
    }
  });
  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: MCP_PATH,
      ...access,
      handler: async (_request, reply) =>
        reply
          .status(405)
          .header('Allow', 'POST')
          .send(rpcError('Method not allowed: this server is stateless; POST JSON-RPC messages.')),
    });
  }
}

import Fastify, { type FastifyInstance } from 'fastify';
import { type ApiClient, createApiClient } from '../client/client.ts';

/** A request the test server received. */
export interface SeenRequest {
  readonly method: string;
  /** Path without the `/wp-json` prefix, query string included. */
  readonly url: string;
  readonly path: string;
  readonly query: Record<string, unknown>;
  readonly body: unknown;
}

/** A real HTTP server on an ephemeral loopback port, with a client pointed at it. */
export interface TestServer {
  readonly app: FastifyInstance;
  readonly baseUrl: string;
  readonly client: ApiClient;
  /** Every request received so far, oldest first. */
  readonly requests: SeenRequest[];
  close(): Promise<void>;
}

/** Starts a Fastify server whose routes `setup` registers under the `/wp-json` prefix. */
export async function startTestServer(
  setup: (app: FastifyInstance) => void | Promise<void>,
): Promise<TestServer> {
  const app = Fastify({ logger: false });
  const requests: SeenRequest[] = [];
  app.addHook('preHandler', async (request) => {
    const url = request.url.replace(/^\/wp-json/, '');
    requests.push({
      method: request.method,
      url,
      path: url.split('?')[0] ?? url,
      query: request.query as Record<string, unknown>,
      body: request.body ?? null,
    });
  });
  await app.register(
    async (scoped) => {
      await setup(scoped);
    },
    { prefix: '/wp-json' },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const baseUrl = `http://127.0.0.1:${address.port}/wp-json`;
  return {
    app,
    baseUrl,
    client: createApiClient({ baseUrl }),
    requests,
    close: () => app.close(),
  };
}

/** Sends a WordPress-shaped error answer. */
export function wpError(code: string, message: string, status: number) {
  return { code, message, data: { status } };
}

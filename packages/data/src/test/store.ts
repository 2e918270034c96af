import type { FastifyInstance } from 'fastify';
import { createStorelensStore, type StorelensStoreOptions } from '../store.ts';
import { startTestServer, type TestServer } from './server.ts';

/** A real server plus a store whose client points at it. */
export async function startStore(
  setup: (app: FastifyInstance) => void | Promise<void>,
  options: Omit<StorelensStoreOptions, 'client'> = {},
) {
  const server: TestServer = await startTestServer(setup);
  const store = createStorelensStore({ client: server.client, ...options });
  return { server, store, requests: server.requests };
}

/** Resolves after `ms` milliseconds. */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

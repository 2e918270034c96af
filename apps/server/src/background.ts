import type { FastifyInstance } from 'fastify';

/**
 * Starts a background task (the notifier, the RFM days' keeper) once the app is ready and
 * start-up is done: a first start may still be migrating or generating the demo store when
 * the app is ready, so `ready` is asked again every second until it answers true.
 */
export function startWhenReady(
  app: FastifyInstance,
  ready: () => boolean,
  start: () => void,
): void {
  app.addHook('onReady', async () => {
    const begin = () => (ready() ? start() : setTimeout(begin, 1_000).unref());
    begin();
  });
}

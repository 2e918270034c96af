import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { addQueryHooks, fastifyOptions } from '../../app';
import type { Db } from '../../db/database';
import { isDatabaseUnavailable } from '../../db/faults';
import { ApiError } from '../../errors';
import { registerInputGuards } from '../../input-guards';
import { analyticsRoutes } from '../../routes/analytics';
import { revenueRoutes } from '../../routes/revenue';

/**
 * The report routes alone, on the worker thread's connection, for the export job: it pages
 * through a report here rather than on the thread that answers requests. Nothing reaches it
 * from the network (only `inject`), so it has no authentication; the export's arguments were
 * checked by the server's own route when the export started.
 */
export async function reportReaderApp(db: Db): Promise<FastifyInstance> {
  const app = Fastify(fastifyOptions(false));
  addQueryHooks(app);
  registerInputGuards(app);
  app.setErrorHandler((error: FastifyError | ApiError, _request, reply) => {
    if (error instanceof ApiError) return reply.status(error.status).send(error.toBody());
    if (error.validation) {
      return reply.status(400).send(ApiError.invalidParams({ query: error.message }).toBody());
    }
    // Anything else fails the export step with its own message (the job keeps it).
    return reply
      .status(isDatabaseUnavailable(error) ? 503 : 500)
      .send({ code: 'storelens_internal_error', message: error.message, data: { status: 500 } });
  });
  revenueRoutes(app, db);
  analyticsRoutes(app, db);
  await app.ready();
  return app;
}

import { ConnectionsResponse, ConnectionView, DisconnectResponse } from '@storelens/api';
import type { FastifyInstance } from 'fastify';
import { withCapability } from '../auth/capability';
import { readReconcileMinutes } from '../config';
import type { Db } from '../db/database';
import { isDatabaseUnavailable } from '../db/faults';
import { ApiError } from '../errors';
import type { JobRunner } from '../jobs/runner';
import { parseSqlUtc } from '../timezone';
import { answers } from '../wp-conventions';
import {
  IMPORT_JOB,
  type ImportProgress,
  importHandler,
  RESOURCES,
  reconcileHandler,
  type SyncOptions,
  startReconcile,
} from './jobs';
import {
  connect,
  disconnect,
  ensureWebhooks,
  parseConnectInput,
  pause,
  refreshShopSettings,
  resume,
} from './service';
import { type ConnectionTable, listConnections, logError, readConnection } from './tables';
import { DeliveryQueue, webhookRoutes } from './webhooks';

export type { SyncOptions } from './jobs';

/** Builds the answer for one connection, with the running job's latest progress. */
export async function connectionView(db: Db, c: ConnectionTable): Promise<ConnectionView> {
  let progress = JSON.parse(c.progress) as ImportProgress;
  if (c.job_id) {
    const job = await db.kysely
      .selectFrom('admin_jobs')
      .selectAll()
      .where('id', '=', c.job_id)
      .executeTakeFirst();
    if (job?.kind === IMPORT_JOB) progress = JSON.parse(job.progress) as ImportProgress;
  }
  let estimate: number | null = null;
  if (c.status === 'importing' || c.status === 'error') {
    const done = RESOURCES.reduce((a, r) => a + progress.resources[r].done, 0);
    // Resources not reached yet have no total: count them as much as the biggest known.
    const remaining = RESOURCES.reduce(
      (a, r) => a + Math.max(0, progress.resources[r].total - progress.resources[r].done),
      0,
    );
    if (done > 0 && progress.elapsed_ms > 0)
      estimate = Math.ceil((remaining * progress.elapsed_ms) / done / 1000);
  }
  const webhooks = await db.kysely
    .selectFrom('connection_webhooks')
    .select(['topic', 'status'])
    .where('connection_id', '=', c.id)
    .orderBy('topic')
    .execute();
  const errors = await db.kysely
    .selectFrom('connection_errors')
    .selectAll()
    .where('connection_id', '=', c.id)
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
  return {
    id: c.id,
    url: c.url,
    status: c.status as ConnectionView['status'],
    store: JSON.parse(c.store),
    read_only: c.can_write !== 1,
    progress: progress.resources,
    estimate_seconds: estimate,
    webhooks,
    last_change_gmt: c.last_change_gmt,
    last_reconciled_gmt: c.last_reconciled_gmt,
    errors: errors.map((e) => ({
      id: Number(e.id),
      time_gmt: e.at_gmt,
      message: e.message,
      retry: e.retry,
    })),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's webhook delivery queue (set by connectionRoutes; tests wait on it). */
    deliveryQueue: DeliveryQueue;
  }
}

/**
 * Connections to live WooCommerce shops: the REST routes, the import and reconciliation jobs
 * (on the admin job runner, so they resume after a restart) and the webhook receiver.
 * `publicUrl` comes from buildApp's `Config.publicUrl` (`STORELENS_PUBLIC_URL`); the
 * reconciliation period defaults to `STORELENS_RECONCILE_MINUTES`.
 */
export function connectionRoutes(
  app: FastifyInstance,
  db: Db,
  runner: JobRunner,
  given: SyncOptions = {},
) {
  const options: SyncOptions = {
    reconcileMinutes: readReconcileMinutes(process.env),
    overlapMs: 5 * 60_000,
    ...given,
  };
  const overlap = options.overlapMs!;
  runner.register(importHandler(db, options));
  runner.register(
    reconcileHandler(db, options, async (c) => {
      // The shop's settings are read again each time, so a change on the shop reaches the
      // reports; a failure is logged and retried at the next reconciliation.
      try {
        await refreshShopSettings(db, c, options.client);
      } catch (error) {
        await logError(
          db,
          c.id,
          `shop settings: ${(error as Error).message}`,
          'read again at the next reconciliation',
        );
      }
      if (c.can_write !== 1) return;
      const { changed } = await ensureWebhooks(db, c, options.publicUrl?.(), options.client);
      for (const change of changed)
        await logError(db, c.id, `webhook ${change}`, 'done during reconciliation');
    }),
  );
  const queue = new DeliveryQueue(db, options.client, options.writer);
  app.decorate('deliveryQueue', queue);
  webhookRoutes(app, db, queue);

  const timers: NodeJS.Timeout[] = [];
  // Nothing reads the store before it is ready (a start still migrating, or waiting for the
  // database: src/main.ts); a database lost later only delays the next round.
  const ready = () => options.ready?.() ?? true;
  const quietly = (error: unknown) => {
    if (!isDatabaseUnavailable(error)) console.error(error);
  };
  app.addHook('onReady', async () => {
    if (ready()) void queue.kick().catch(quietly);
    timers.push(
      setInterval(() => {
        if (ready()) void queue.kick().catch(quietly);
      }, 5_000).unref(),
    );
    const scheduleEveryMs = options.scheduleEveryMs ?? 30_000;
    if (scheduleEveryMs > 0)
      timers.push(
        setInterval(() => {
          if (ready()) void scheduleReconciliations().catch(quietly);
        }, scheduleEveryMs).unref(),
      );
  });
  app.addHook('onClose', async () => {
    for (const t of timers) clearInterval(t);
    await queue.close();
  });

  /** Idle connections whose last reconciliation is older than the interval get one. */
  async function scheduleReconciliations() {
    const every = (options.reconcileMinutes ?? 10) * 60_000;
    for (const c of await listConnections(db)) {
      // `syncing` too: startReconcile passes over a connection whose job is queued or running,
      // and starts one again for a connection left `syncing` without it (a failed start).
      if (c.status !== 'idle' && c.status !== 'error' && c.status !== 'syncing') continue;
      const last = c.last_reconciled_gmt ? parseSqlUtc(c.last_reconciled_gmt) : 0;
      if (Date.now() - last >= every) await startReconcile(db, runner, c, overlap);
    }
  }

  const base = '/wp-json/storelens/v1/connections';
  const find = async (idText: string) => {
    const id = Number(idText);
    const c = Number.isSafeInteger(id) && id > 0 ? await readConnection(db, id) : undefined;
    if (!c)
      throw new ApiError('storelens_connection_not_found', 'No connection with this id.', 404);
    return c;
  };

  // Connecting a shop, reading its keys' results and disconnecting are administrators' work.
  withCapability(app, 'manage_options', () => {
    app.post(base, answers(ConnectionView, 201), async (request, reply) => {
      const input = parseConnectInput(request.body);
      const c = await connect(db, runner, input, options);
      return reply.status(201).send(await connectionView(db, (await readConnection(db, c.id))!));
    });
    app.get(base, answers(ConnectionsResponse), async () =>
      Promise.all((await listConnections(db)).map((c) => connectionView(db, c))),
    );
    app.get<{ Params: { id: string } }>(`${base}/:id`, answers(ConnectionView), async (request) =>
      connectionView(db, await find(request.params.id)),
    );
    app.post<{ Params: { id: string } }>(
      `${base}/:id/pause`,
      answers(ConnectionView),
      async (request) => {
        const c = await find(request.params.id);
        await pause(db, runner, c);
        return connectionView(db, (await readConnection(db, c.id))!);
      },
    );
    app.post<{ Params: { id: string } }>(
      `${base}/:id/resume`,
      answers(ConnectionView),
      async (request) => {
        const c = await find(request.params.id);
        await resume(db, runner, c, options);
        return connectionView(db, (await readConnection(db, c.id))!);
      },
    );
    app.post<{ Params: { id: string } }>(
      `${base}/:id/sync`,
      answers(ConnectionView, 200, 202),
      async (request, reply) => {
        const c = await find(request.params.id);
        if (c.status === 'importing' || c.status === 'paused')
          throw new ApiError(
            'storelens_connection_busy',
            c.status === 'paused'
              ? 'The connection is paused: resume it first.'
              : 'The import is still running.',
            400,
          );
        const started = await startReconcile(db, runner, c, overlap);
        return reply
          .status(started ? 202 : 200)
          .send(await connectionView(db, (await readConnection(db, c.id))!));
      },
    );
    app.delete<{ Params: { id: string } }>(
      `${base}/:id`,
      answers(DisconnectResponse),
      async (request) => {
        const c = await find(request.params.id);
        const previous = await connectionView(db, c);
        const problems = await disconnect(db, runner, c, options);
        return { deleted: true, previous, webhook_errors: problems };
      },
    );
  });
}

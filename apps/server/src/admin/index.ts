import type { FastifyInstance } from 'fastify';
import { withCapability } from '../auth/capability';
import type { StockWriteThrough } from '../connect/stock';
import { recomputeHandler } from '../costs/recompute';
import { costRoutes } from '../costs/routes';
import type { Db } from '../db/database';
import { importHandler, startImport } from '../ingest/import-job';
import { JobRunner } from '../jobs/runner';
import { WorkerHost } from '../jobs/worker-host';
import { exportHandler, exportRoutes } from './export';
import { favoritesRoutes } from './favorites';
import { importRoutes } from './import';
import { notesRoutes } from './notes';
import { onboardingRoutes } from './onboarding';
import { onboardingTaskRoutes } from './onboarding-tasks';
import { optionsRoutes } from './options';
import { pluginsRoutes } from './plugins';
import { reviewsRoutes } from './reviews';
import { settingsRoutes } from './settings';
import { stockRoutes } from './stock';

export { startImport } from '../ingest/import-job';
export { JobRunner } from '../jobs/runner';
export {
  type ExportColumn,
  type ExportPage,
  listSource,
  type ReportSource,
  registerReportSource,
} from './export-sources';

/** Admin service options; by default read from the environment (`SMTP_URL`). */
export interface AdminOptions {
  smtpUrl?: () => string | undefined;
  /** Leave jobs to the caller to resume (`app.jobRunner.resume()`) once the store is ready. */
  deferJobs?: boolean;
  /** The connected shop's stock write-through (connect/stock.ts); none changes Storelens only. */
  shopStock?: StockWriteThrough;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's background job runner (set by adminRoutes; tests reach it to wait for jobs). */
    jobRunner: JobRunner;
    /**
     * The app's worker thread, where long work runs (set by adminRoutes); undefined when its
     * store cannot have one (an in-memory SQLite database).
     */
    jobWorker: WorkerHost | undefined;
  }
}

/**
 * Registers every admin service route (docs/api.md, "Admin services") and the background job
 * runner: jobs left running resume when the app is ready and stop (to resume later) when it
 * closes. A settings change of the zone or excluded statuses starts a rebuild import.
 */
export function adminRoutes(app: FastifyInstance, db: Db, options: AdminOptions = {}): void {
  const smtpUrl = options.smtpUrl ?? (() => process.env.SMTP_URL || undefined);
  const runner = new JobRunner(db);
  const worker = WorkerHost.available(db) ? new WorkerHost(db) : undefined;
  runner.register(importHandler(db, worker));
  runner.register(exportHandler(db, smtpUrl, worker));
  runner.register(recomputeHandler(db));
  app.decorate('jobRunner', runner);
  app.decorate('jobWorker', worker);
  const unsubscribe = db.events.on('settingsChanged', (change) => {
    if (!change.needsRebuild) return;
    startImport(db, runner, { skipExisting: false, reason: 'settings' }).catch((error: unknown) =>
      console.error(error),
    );
  });
  app.addHook('onReady', async () => {
    if (!options.deferJobs) await runner.resume();
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    await runner.stop();
    await worker?.close();
  });

  // Each group's capability (auth/roles.ts); routes that differ declare their own.
  withCapability(app, 'manage_options', () => {
    optionsRoutes(app, db);
    onboardingRoutes(app, db);
    settingsRoutes(app, db);
    pluginsRoutes(app, db);
  });
  withCapability(app, 'manage_woocommerce', () => {
    notesRoutes(app, db);
    favoritesRoutes(app, db);
    reviewsRoutes(app, db);
    stockRoutes(app, db, options.shopStock);
    costRoutes(app, db, runner);
    importRoutes(app, db, runner);
    onboardingTaskRoutes(app, db);
  });
  withCapability(app, 'view_woocommerce_reports', () => exportRoutes(app, db, runner));
}

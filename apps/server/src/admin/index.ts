import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { onSettingsChanged } from './events';
import { exportHandler, exportRoutes, injectReader } from './export';
import { favoritesRoutes } from './favorites';
import { importHandler, importRoutes, startImport } from './import';
import { JobRunner } from './jobs/runner';
import { notesRoutes } from './notes';
import { onboardingRoutes } from './onboarding';
import { optionsRoutes } from './options';
import { pluginsRoutes } from './plugins';
import { reviewsRoutes } from './reviews';
import { settingsRoutes } from './settings';
import { stockRoutes } from './stock';

export {
  onAnalyticsDataDeleted,
  onSettingsChanged,
  type SettingsChange,
} from './events';
export {
  type ExportColumn,
  type ExportPage,
  listSource,
  type ReportSource,
  registerReportSource,
} from './export-sources';
export { startImport } from './import';
export { JobRunner } from './jobs/runner';

/** Admin service options; by default read from the environment (`SMTP_URL`). */
export interface AdminOptions {
  smtpUrl?: () => string | undefined;
}

/** The job runner of each app (tests reach it to wait for jobs). */
export const runners = new WeakMap<FastifyInstance, JobRunner>();

/**
 * Registers every admin service route (API.md Part A, Part B §5) and the background job
 * runner: jobs left running resume when the app is ready and stop (to resume later) when it
 * closes. A settings change of the zone or excluded statuses starts a rebuild import.
 */
export function adminRoutes(app: FastifyInstance, db: Db, options: AdminOptions = {}): void {
  const smtpUrl = options.smtpUrl ?? (() => process.env.SMTP_URL || undefined);
  const runner = new JobRunner(db);
  runner.register(importHandler(db));
  runner.register(exportHandler(db, injectReader(app), smtpUrl));
  runners.set(app, runner);
  const unsubscribe = onSettingsChanged((change) => {
    if (change.db !== db || !change.needsRebuild) return;
    startImport(db, runner, { skipExisting: false, reason: 'settings' }).catch((error: unknown) =>
      console.error(error),
    );
  });
  app.addHook('onReady', async () => runner.resume());
  app.addHook('onClose', async () => {
    unsubscribe();
    await runner.stop();
  });

  optionsRoutes(app, db);
  notesRoutes(app, db);
  onboardingRoutes(app, db);
  favoritesRoutes(app, db);
  settingsRoutes(app, db);
  pluginsRoutes(app, db);
  reviewsRoutes(app, db);
  stockRoutes(app, db);
  importRoutes(app, db, runner);
  exportRoutes(app, db, runner);
}

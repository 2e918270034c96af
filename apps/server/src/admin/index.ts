import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { favoritesRoutes } from './favorites';
import { notesRoutes } from './notes';
import { onboardingRoutes } from './onboarding';
import { optionsRoutes } from './options';
import { pluginsRoutes } from './plugins';
import { reviewsRoutes } from './reviews';
import { settingsRoutes } from './settings';
import { stockRoutes } from './stock';

export { onAnalyticsDataDeleted, onSettingsChanged, type SettingsChange } from './events';

/** Registers every admin service route (API.md Part A, Part B §5). */
export function adminRoutes(app: FastifyInstance, db: Db): void {
  optionsRoutes(app, db);
  notesRoutes(app, db);
  onboardingRoutes(app, db);
  favoritesRoutes(app, db);
  settingsRoutes(app, db);
  pluginsRoutes(app, db);
  reviewsRoutes(app, db);
  stockRoutes(app, db);
}

import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { cohortReports } from './cohorts';
import { indicatorReports } from './indicators';
import { listReports } from './lists';
import { pickerRoutes } from './pickers';
import { registerReports } from './report-route';
import { sourceReports } from './sources';
import { statsReports } from './stats';

/** Every analytics report route except revenue/stats (registered by revenueRoutes). */
export function analyticsRoutes(app: FastifyInstance, db: Db) {
  registerReports(app, db, statsReports);
  registerReports(app, db, listReports);
  pickerRoutes(app, db);
  registerReports(app, db, indicatorReports);
  registerReports(app, db, cohortReports);
  registerReports(app, db, sourceReports);
}

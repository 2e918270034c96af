import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { cohortRoutes } from './cohorts';
import { indicatorRoutes } from './indicators';
import { listRoutes } from './lists';
import { pickerRoutes } from './pickers';
import { sourceRoutes } from './sources';
import { statsRoutes } from './stats';

/** Every analytics report route except revenue/stats (registered by revenueRoutes). */
export function analyticsRoutes(app: FastifyInstance, db: Db) {
  statsRoutes(app, db);
  listRoutes(app, db);
  pickerRoutes(app, db);
  indicatorRoutes(app, db);
  cohortRoutes(app, db);
  sourceRoutes(app, db);
}

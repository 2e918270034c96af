import type { FastifyInstance } from 'fastify';
import { invalidateReportCache, trustReportCache } from './analytics/cache';
import { refreshSearchSets } from './analytics/search/load';
import { ChangeListener, notifyChange } from './db/changes';
import type { Db } from './db/database';
import { isDatabaseClosed, isDatabaseUnavailable } from './db/faults';

/**
 * Several server processes on one PostgreSQL database: what one changes, the others' memory
 * follows. Orders ingested or removed (and emptied analytics tables) and picker data notify by
 * trigger (migration 016); saved settings are announced by this process. Notices from other
 * processes drop the report cache and reload the picker sets; while the listening connection
 * is down the report cache is bypassed. SQLite serves one process and needs none of this.
 */
export function installChangeNotices(app: FastifyInstance, db: Db): void {
  if (db.engine !== 'postgres') return;
  trustReportCache(db, false);
  const listener = new ChangeListener(db, {
    notice(topic) {
      if (topic === 'reports') invalidateReportCache();
      else
        refreshSearchSets(db).catch((error: unknown) => {
          if (!isDatabaseUnavailable(error) && !isDatabaseClosed(error)) console.error(error);
        });
    },
    listening() {
      invalidateReportCache();
      trustReportCache(db, true);
    },
    lost() {
      trustReportCache(db, false);
    },
  });
  const announce = () =>
    notifyChange(db, 'reports').catch((error: unknown) => {
      if (!isDatabaseUnavailable(error) && !isDatabaseClosed(error)) console.error(error);
    });
  // (Deleting analytics data empties order_stats: its trigger notifies.)
  const unsubscribe = db.events.on('settingsChanged', () => void announce());
  app.addHook('onReady', async () => listener.start());
  app.addHook('onClose', async () => {
    unsubscribe();
    await listener.close();
  });
}

import type { DateType } from '@storelens/api';
import { type ReportContext, reportContext } from '../src/analytics/context';
import type { Db } from '../src/db/database';
import { readStoreSettings } from '../src/options';

/**
 * A report context under the store's saved settings whose SQL texts are recorded in `texts`
 * (tests check which reads a report made; empty `texts` between requests to tell them apart).
 */
export async function recordingContext(db: Db, dateType?: DateType) {
  const ctx: ReportContext = reportContext(db, await readStoreSettings(db), dateType);
  const texts: string[] = [];
  const query = ctx.sql.query.bind(ctx.sql);
  ctx.sql.query = ((sql: string, params?: readonly unknown[]) => {
    texts.push(sql);
    return query(sql, params);
  }) as typeof ctx.sql.query;
  return { ctx, texts };
}

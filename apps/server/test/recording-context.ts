import type { DateType } from '@storelens/api';
import { type ReportContext, reportContext } from '../src/analytics/context';
import { filtersFromQuery } from '../src/analytics/filters';
import { orderStats } from '../src/analytics/revenue';
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

/**
 * Product `productId`'s order count and customers by day over March 2024, with the SQL that
 * answered it (the one-item `total_customers` read: item_day, and the item's visits or lines).
 */
export async function productCustomersInMarch(db: Db, productId: number) {
  const { ctx, texts } = await recordingContext(db);
  const answer = await orderStats(ctx, 'orders', {
    after: '2024-03-01 00:00:00',
    before: '2024-03-31 23:59:59',
    interval: 'day',
    page: 1,
    perPage: 100,
    order: 'asc',
    orderby: 'date',
    fields: ['orders_count', 'total_customers'],
    filters: filtersFromQuery({ product_includes: [productId] } as never),
    segmentby: undefined,
  });
  return { body: answer.body, sql: texts.join('\n') };
}

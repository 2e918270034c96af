// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { stableKey } from '../../core/stable-key.ts';
import { wpError } from '../../test/server.ts';
import { startStore } from '../../test/store.ts';
import {
  fetchReportItems,
  fetchReportStats,
  invalidateReports,
  selectReportItemsError,
  selectReportStatsEntry,
  selectReportStatsError,
} from './slice.ts';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

const interval = (n: number) => ({
  interval: `i${n}`,
  date_start: `d${n}`,
  date_start_gmt: `d${n}`,
  date_end: `d${n}`,
  date_end_gmt: `d${n}`,
  subtotals: { net_revenue: n },
});

async function reportsServer(opts: { buckets?: number; failPage?: number } = {}) {
  const buckets = opts.buckets ?? 250;
  const ctx = await startStore((app) => {
    app.get('/wc-analytics/reports/revenue/stats', async (req, reply) => {
      const q = req.query as { page?: string; per_page?: string };
      const page = Number(q.page ?? 1);
      const perPage = Number(q.per_page ?? 10);
      if (page === opts.failPage)
        return reply.code(500).send(wpError('db_error', 'Page failed', 500));
      reply
        .header('X-WP-Total', String(buckets))
        .header('X-WP-TotalPages', String(Math.ceil(buckets / perPage)));
      const start = (page - 1) * perPage;
      const intervals = Array.from(
        { length: Math.max(0, Math.min(perPage, buckets - start)) },
        (_, i) => interval(start + i),
      );
      return { totals: { net_revenue: 1 }, intervals };
    });
    app.get('/wc-analytics/reports/stock/stats', async () => ({
      totals: { products: 4, lowstock: 1 },
    }));
    app.get('/wc-analytics/reports/products', async (_req, reply) => {
      reply.header('X-WP-Total', '31').header('X-WP-TotalPages', '2');
      return [{ product_id: 1, items_sold: 3 }];
    });
    app.get('/wc-analytics/reports/coupons', async (_req, reply) =>
      reply.code(400).send(wpError('rest_invalid_param', 'Invalid parameter(s): orderby', 400)),
    );
  });
  close = () => ctx.server.close();
  return ctx;
}

const statsQuery = {
  order: 'asc',
  interval: 'day',
  per_page: 100,
  after: '2023-01-01T00:00:00',
  before: '2023-09-07T23:59:59',
};

describe('wc/admin/reports', () => {
  it('items: data with totalResults and totalPages from the headers, per endpoint and query', async () => {
    const { store } = await reportsServer();
    await store.dispatch(fetchReportItems('products', { page: 1 }));
    expect(
      store.getState().reports.items.products?.queries[stableKey({ page: 1 })]?.result,
    ).toEqual({
      data: [{ product_id: 1, items_sold: 3 }],
      totalResults: 31,
      totalPages: 2,
    });
  });

  it('items failure is kept as itemErrors under endpoint and query', async () => {
    const { store } = await reportsServer();
    await store.dispatch(fetchReportItems('coupons', { orderby: 'nope' }));
    expect(selectReportItemsError(store.getState(), 'coupons', { orderby: 'nope' })).toMatchObject({
      code: 'rest_invalid_param',
      status: 400,
    });
    expect(selectReportItemsError(store.getState(), 'coupons', {})).toBeNull();
  });

  it('stats beyond 100 intervals are fetched page by page and joined in order', async () => {
    const { store, requests } = await reportsServer({ buckets: 250 });
    await store.dispatch(fetchReportStats('revenue', statsQuery));
    const pages = requests.map((r) => (r.query as { page?: string }).page ?? '1').sort();
    expect(pages).toEqual(['1', '2', '3']);
    const entry = selectReportStatsEntry(store.getState(), 'revenue', statsQuery);
    expect(entry?.result?.totalResults).toBe(250);
    expect(entry?.result?.data.intervals?.map((i) => i.interval)).toEqual(
      Array.from({ length: 250 }, (_, i) => `i${i}`),
    );
  });

  it('invalidateReports makes every cached report stale, so it is read again', async () => {
    const { store, requests } = await reportsServer({ buckets: 30 });
    await store.dispatch(fetchReportStats('revenue', statsQuery));
    await store.dispatch(fetchReportItems('products', { page: 1 }));
    await store.dispatch(fetchReportStats('revenue', statsQuery));
    expect(requests).toHaveLength(2);
    await store.dispatch(invalidateReports());
    expect(selectReportStatsEntry(store.getState(), 'revenue', statsQuery)?.stale).toBe(true);
    expect(store.getState().reports.items.products?.queries[stableKey({ page: 1 })]?.stale).toBe(
      true,
    );
    await store.dispatch(fetchReportStats('revenue', statsQuery));
    await store.dispatch(fetchReportItems('products', { page: 1 }));
    expect(requests).toHaveLength(4);
  });

  it('one page of stats is one request', async () => {
    const { store, requests } = await reportsServer({ buckets: 30 });
    await store.dispatch(fetchReportStats('revenue', statsQuery));
    expect(requests).toHaveLength(1);
  });

  it('a failed later page fails the whole stats entry (statErrors)', async () => {
    const { store } = await reportsServer({ buckets: 250, failPage: 3 });
    await store.dispatch(fetchReportStats('revenue', statsQuery));
    expect(selectReportStatsError(store.getState(), 'revenue', statsQuery)).toMatchObject({
      message: 'Page failed',
    });
    expect(selectReportStatsEntry(store.getState(), 'revenue', statsQuery)?.result).toBeNull();
  });

  it('stock stats (no intervals, no headers) are one request with totals', async () => {
    const { store, requests } = await reportsServer();
    await store.dispatch(fetchReportStats('stock', {}));
    expect(requests).toHaveLength(1);
    expect(selectReportStatsEntry(store.getState(), 'stock', {})?.result?.data.totals).toEqual({
      products: 4,
      lowstock: 1,
    });
  });

  it('a cached query is not fetched again unless forced', async () => {
    const { store, requests } = await reportsServer({ buckets: 30 });
    await store.dispatch(fetchReportStats('revenue', statsQuery));
    await store.dispatch(fetchReportStats('revenue', { ...statsQuery }));
    expect(requests).toHaveLength(1);
    await store.dispatch(fetchReportStats('revenue', statsQuery, { force: true }));
    expect(requests).toHaveLength(2);
  });
});

import type { DataChangesResponse } from '@storelens/api';
import { expect, it } from 'vitest';
import { ingestOrders } from '../src/ingest/ingest';
import { call } from './admin-helpers';
import { mayOrders, seedCatalog } from './fixtures';
import { describeEachEngine } from './harness';

const CHANGES = '/wp-json/storelens/v1/data-changes';

describeEachEngine('when the report data last changed', (ctx) => {
  it('moves on when orders are ingested and when settings are saved, not when nothing changes', async () => {
    const app = ctx().app;
    const read = async () => {
      const res = await call<DataChangesResponse>(app, 'GET', CHANGES);
      expect(res.status).toBe(200);
      expect(res.body.changed_gmt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      return res.body.changed_gmt;
    };
    const start = await read();
    expect(await read()).toBe(start);
    await seedCatalog(ctx().db);
    await ingestOrders(ctx().db, mayOrders().slice(0, 3));
    const ingested = await read();
    expect(ingested > start).toBe(true);
    const saved = await call(app, 'POST', '/wp-json/wc-analytics/settings/wc_admin/batch', {
      update: [
        { id: 'woocommerce_default_date_range', value: 'period=week&compare=previous_year' },
      ],
    });
    expect(saved.status).toBe(200);
    expect((await read()) > ingested).toBe(true);
  });

  it('is for signed-in users only', async () => {
    const res = await ctx().anonymous({ method: 'GET', url: CHANGES });
    expect(res.statusCode).toBe(401);
  });
});

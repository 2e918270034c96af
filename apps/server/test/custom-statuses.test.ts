import type { OrderStatus } from '@storelens/api';
import { expect, it } from 'vitest';
import { ingestOrders } from '../src/ingest/ingest';
import { bootSettings } from '../src/web';
import { mayOrders, order, seedCatalog, storeSettings } from './fixtures';
import { describeEachEngine } from './harness';

/*
 * Shops add order statuses through plugins (`shipped`, `awaiting-shipment`): their orders are
 * counted like any status not excluded, and the status filters take them as WooCommerce's
 * own statuses.
 */
const A = '/wp-json/wc-analytics';
const MAY = 'after=2024-05-01T00:00:00&before=2024-05-31T23:59:59';
const shipped = 'shipped' as OrderStatus;

describeEachEngine(
  'custom order statuses',
  (ctx) => {
    const get = async (path: string) => {
      const res = await ctx().app.inject({ method: 'GET', url: `${A}/${path}` });
      expect(res.statusCode, path).toBe(200);
      return res.json();
    };
    const ordersCount = async (filter: string) =>
      (await get(`reports/orders/stats?${MAY}&interval=month&${filter}`)).totals.orders_count;

    it('filters by a custom status, alone or beside the core ones', async () => {
      const all = await ordersCount('');
      expect(await ordersCount('status_is=shipped')).toBe(2);
      expect(await ordersCount('status_is_not=shipped')).toBe(all - 2);
      expect(await ordersCount('status_is=shipped,processing')).toBe(
        2 + (await ordersCount('status_is=processing')),
      );
      // A status no order has matches nothing, like an id no record has.
      expect(await ordersCount('status_is=awaiting-shipment')).toBe(0);
    });

    it('tells the dashboard the store has them, labelled, for its status filters', async () => {
      expect((await bootSettings(ctx().db)).customStatuses).toEqual([
        { value: 'shipped', label: 'Shipped' },
      ]);
    });

    it('lists the orders of a custom status with it', async () => {
      const rows = (await get(`reports/orders?${MAY}&status_is=shipped&orderby=date`)) as {
        order_id: number;
        status: string;
      }[];
      expect(rows.map((r) => [r.order_id, r.status]).sort()).toEqual([
        [901, 'shipped'],
        [902, 'shipped'],
      ]);
    });
  },
  async (db) => {
    await storeSettings(db, 'UTC');
    await seedCatalog(db);
    await ingestOrders(db, [
      ...mayOrders(),
      order(901, { status: shipped, customerId: 7, created: '2024-05-06 10:00:00' }),
      order(902, { status: shipped, customerId: 8, created: '2024-05-07 10:00:00' }),
    ]);
  },
);

import { expect, it } from 'vitest';
import { readOrderInputs } from '../src/ingest/import-source';
import { ingestOrders } from '../src/ingest/ingest';
import type { OrderInput } from '../src/ingest/types';
import { describeEachEngine } from './harness';

const order: OrderInput = {
  id: 70,
  status: 'completed',
  currency: 'USD',
  customerId: 0,
  dateCreatedGmt: '2024-05-01 10:00:00',
  datePaidGmt: '2024-05-01 10:01:00',
  dateCompletedGmt: null,
  billing: { country: 'US', state: 'CA', email: 'g@example.com' },
  lines: [
    {
      id: 1,
      productId: 10,
      variationId: 0,
      name: 'Mug',
      quantity: 2,
      subtotal: 200_000,
      total: 200_000,
      tax: 14_500,
    },
  ],
  shipping: 50_000,
  shippingTax: 0,
  coupons: [],
  taxes: [{ rateId: 1, tax: 14_500, shippingTax: 0 }],
  refunds: [
    {
      id: 71,
      dateCreatedGmt: '2024-09-01 08:00:00',
      lines: [],
      shipping: 0,
      shippingTax: 0,
      extra: 33_300,
    },
    {
      id: 72,
      dateCreatedGmt: '2024-09-02 08:00:00',
      lines: [{ id: 3, orderItemId: 1, quantity: 1, total: 100_000, tax: 7_250 }],
      shipping: 0,
      shippingTax: 0,
      extra: 10_000,
    },
  ],
};

describeEachEngine('refund amounts beyond their lines (amount-only refunds)', (ctx) => {
  it('count in the refund’s net total, survive a rebuild from the source rows, and leave with their order', async () => {
    const { db } = ctx();
    await ingestOrders(db, [order]);
    const stats = await db.kysely
      .selectFrom('order_stats')
      .select(['order_id', 'net_total', 'total_sales'])
      .orderBy('order_id')
      .execute();
    expect(
      stats.map((s) => [Number(s.order_id), Number(s.net_total), Number(s.total_sales)]),
    ).toEqual([
      [70, 200_000, 264_500],
      [71, -33_300, -33_300],
      [72, -110_000, -117_250],
    ]);
    expect(await readOrderInputs(db, [70])).toEqual([order]);
    await ingestOrders(db, [], [70]);
    expect(await db.kysely.selectFrom('order_stats').selectAll().execute()).toEqual([]);
    expect(await db.kysely.selectFrom('orders').selectAll().execute()).toEqual([]);
    expect(await db.kysely.selectFrom('revenue_day').selectAll().execute()).toEqual([]);
  });
});

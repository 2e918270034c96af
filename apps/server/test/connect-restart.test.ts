import { expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { expectShopTotals, FAST, settle } from './connect-helpers';
import { authenticateInjects, describeEachEngine, signIn } from './harness';
import { startChild } from './rebuild-helpers';
import { WooSimulator } from './woo-simulator';

describeEachEngine('connected shop: the server killed mid-import, started again', (ctx) => {
  it('finishes the import with no duplicates and the shop’s totals', async () => {
    const { db, engine } = ctx();
    const sim = await new WooSimulator({ seed: 5 }).start();
    sim.generate(700);
    sim.slowMs = 15;
    const ordersDone = async () => {
      const row = await db.kysely
        .selectFrom('connections')
        .select(['progress', 'status'])
        .executeTakeFirst();
      if (!row) return { done: 0, status: '' };
      const p = JSON.parse(row.progress) as { resources: { orders: { done: number } } };
      return { done: p.resources.orders.done, status: row.status };
    };
    await startChild('connect-import-child.ts', db, engine, { CHILD_SHOP_URL: sim.url }).killWhen(
      ordersDone,
      (p) => p.done >= 200,
      120_000,
    );
    const killed = await ordersDone();
    expect(killed.status).toBe('importing');
    expect(killed.done).toBeLessThan(700);

    sim.slowMs = 0;
    const app = await buildApp(db, { webRoot: '/nonexistent', connect: FAST });
    authenticateInjects(app, await signIn(db, 'administrator'));
    await app.ready();
    try {
      const view = await settle(app, 1);
      expect(view.progress.orders).toEqual({ done: 700, total: 700 });
      const count = async (type: 'order' | 'refund') =>
        Number(
          (
            await db.kysely
              .selectFrom('orders')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('type', '=', type)
              .executeTakeFirst()
          )?.n,
        );
      expect(await count('order')).toBe(700);
      expect(await count('refund')).toBe(
        [...sim.orders.values()].reduce((a, o) => a + o.refunds.length, 0),
      );
      const stats = await db.kysely
        .selectFrom('order_stats')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst();
      expect(Number(stats?.n)).toBe((await count('order')) + (await count('refund')));
      await expectShopTotals(app, sim);
    } finally {
      await app.close();
      await sim.close();
    }
  }, 240_000);
});

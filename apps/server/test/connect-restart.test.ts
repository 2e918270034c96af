import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { expectShopTotals, FAST, settle, waitFor } from './connect-helpers';
import { authenticateInjects, describeEachEngine, signIn } from './harness';
import { WooSimulator } from './woo-simulator';

describeEachEngine('connected shop: the server killed mid-import, started again', (ctx) => {
  it('finishes the import with no duplicates and the shop’s totals', async () => {
    const { db, engine } = ctx();
    const sim = await new WooSimulator({ seed: 5 }).start();
    sim.generate(700);
    sim.slowMs = 15;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('./connect-import-child.ts', import.meta.url))],
      {
        env: {
          ...process.env,
          CHILD_DATABASE_URL:
            engine === 'sqlite' ? `file:${db.sqlite!.name}` : process.env.TEST_POSTGRES_URL,
          CHILD_SCHEMA: db.schema ?? '',
          CHILD_SHOP_URL: sim.url,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (d) => {
      output += String(d);
    });
    child.stderr.on('data', (d) => {
      output += String(d);
    });
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    const ordersDone = async () => {
      const row = await db.kysely
        .selectFrom('connections')
        .select(['progress', 'status'])
        .executeTakeFirst();
      if (!row) return { done: 0, status: '' };
      const p = JSON.parse(row.progress) as { resources: { orders: { done: number } } };
      return { done: p.resources.orders.done, status: row.status };
    };
    try {
      await waitFor(ordersDone, (p) => p.done >= 200, 120_000);
    } catch (error) {
      child.kill('SIGKILL');
      throw new Error(`${error}\n${output}`);
    }
    child.kill('SIGKILL');
    await exited;
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

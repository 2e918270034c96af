import type { ImportStatusBody } from '@storelens/api';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import { clearJobFault, injectJobFault } from '../src/db/faults';
import { generateDemoStore } from '../src/demo/generate';
import { call } from './admin-helpers';
import { describeEachEngine } from './harness';

const IMPORT = '/wp-json/wc-analytics/reports/import';
const SETTINGS = '/wp-json/wc-analytics/settings/general/timezone_string';
const REVENUE =
  '/wp-json/wc-analytics/reports/revenue/stats?interval=day&per_page=100&after=2024-01-01T00:00:00&before=2024-03-31T23:59:59&force_cache_refresh=true';

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > end) throw new Error(`timed out: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function rows(db: Db) {
  const stats = await db.kysely
    .selectFrom('order_stats')
    .select(['order_id', 'date_created'])
    .orderBy('order_id')
    .execute();
  return stats.map((r) => `${r.order_id}@${r.date_created}`);
}

/** A trigger that makes every analytics write fail, as a full disk would. */
async function breakWrites(db: Db) {
  if (db.engine === 'sqlite') {
    await sql
      .raw(
        "CREATE TRIGGER fail_writes BEFORE INSERT ON order_stats BEGIN SELECT RAISE(ABORT, 'No space left on device (simulated)'); END",
      )
      .execute(db.kysely);
  } else {
    await sql
      .raw(
        `CREATE FUNCTION fail_writes() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'No space left on device (simulated)'; END $$ LANGUAGE plpgsql;
         CREATE TRIGGER fail_writes BEFORE INSERT ON order_stats FOR EACH ROW EXECUTE FUNCTION fail_writes()`,
      )
      .execute(db.kysely);
  }
}

async function repairWrites(db: Db) {
  await sql
    .raw('DROP TRIGGER fail_writes ON order_stats')
    .execute(db.kysely)
    .catch(() => {});
  if (db.engine === 'sqlite')
    await sql.raw('DROP TRIGGER IF EXISTS fail_writes').execute(db.kysely);
  else await sql.raw('DROP FUNCTION IF EXISTS fail_writes()').execute(db.kysely);
}

describeEachEngine(
  'a failing rebuild',
  (ctx) => {
    it('leaves the reports on the old figures when it fails half-way, then retries to the same result as a fresh rebuild', async () => {
      const { app, db } = ctx();
      const status = () => call<ImportStatusBody>(app, 'GET', `${IMPORT}/status`);
      // The figures (the interval bounds in GMT follow the zone setting, not the tables).
      const revenue = async () => {
        const body = (await call(app, 'GET', REVENUE)).body as {
          totals: unknown;
          intervals: { interval: string; subtotals: unknown }[];
        };
        return {
          totals: body.totals,
          intervals: body.intervals.map((i) => [i.interval, i.subtotals]),
        };
      };
      const rowsBefore = await rows(db);
      const revenueBefore = await revenue();
      // The customers' steps (500 a step) and the first batch of orders go through, then every
      // step fails as a full disk would, until the fault is cleared.
      const totals = await call<{ customers: number }>(app, 'GET', `${IMPORT}/totals`);
      const after = Math.floor(totals.body.customers / 500) + 1 + 1;
      injectJobFault('import', { after, times: Number.POSITIVE_INFINITY });
      try {
        const put = await call(app, 'PUT', SETTINGS, { value: 'Asia/Kathmandu' });
        expect(put.status).toBe(200);
        const failing = await until(status, (s) => s.body.last_error !== undefined);
        expect(failing.body.is_importing).toBe(true);
        expect(failing.body.last_error).toContain('database or disk is full');
        // Half-way: some orders are rebuilt (beside the live tables), not all.
        expect(failing.body.orders.imported).toBeGreaterThan(0);
        expect(failing.body.orders.imported).toBeLessThan(failing.body.orders.total);
        // The reports still answer the old, consistent figures: nothing of the new zone leaked.
        expect(await rows(db)).toEqual(rowsBefore);
        expect(await revenue()).toEqual(revenueBefore);
      } finally {
        clearJobFault('import');
      }
      const done = await until(status, (s) => !s.body.is_importing);
      expect(done.body.last_error).toBeUndefined();
      const rebuilt = await rows(db);
      const revenueRebuilt = await revenue();
      expect(rebuilt).not.toEqual(rowsBefore);
      // A fresh rebuild in the same zone gives the same rows and the same report.
      await call(app, 'POST', `${IMPORT}/delete`);
      expect(await rows(db)).toEqual([]);
      await call(app, 'POST', IMPORT, {});
      await until(status, (s) => !s.body.is_importing && s.body.orders.imported > 0);
      expect(await rows(db)).toEqual(rebuilt);
      expect(await revenue()).toEqual(revenueRebuilt);
      // Back to the first zone for the next test.
      await call(app, 'PUT', SETTINGS, { value: 'America/New_York' });
      await until(status, (s) => !s.body.is_importing);
    }, 120_000);

    it('keeps its real cause, shows it, retries with backoff and completes', async () => {
      const { app, db } = ctx();
      const status = () => call<ImportStatusBody>(app, 'GET', `${IMPORT}/status`);
      await breakWrites(db);
      try {
        const put = await call(app, 'PUT', SETTINGS, { value: 'Asia/Kathmandu' });
        expect(put.status).toBe(200);
        const failing = await until(status, (s) => s.body.last_error !== undefined);
        expect(failing.body.is_importing).toBe(true);
        expect(failing.body.last_error).toContain('No space left on device (simulated)');
        expect(failing.body.last_error).not.toContain('cannot rollback');
      } finally {
        await repairWrites(db);
      }
      const done = await until(status, (s) => !s.body.is_importing);
      expect(done.body.last_error).toBeUndefined();
      expect(done.body.orders.imported).toBe(done.body.orders.total);
      const rebuilt = await rows(db);
      // A clean rebuild in the same zone gives the same rows: nothing was left in the old zone.
      await call(app, 'POST', `${IMPORT}/delete`);
      await call(app, 'POST', IMPORT, {});
      await until(status, (s) => !s.body.is_importing && s.body.orders.imported > 0);
      expect(await rows(db)).toEqual(rebuilt);
      await app.jobRunner.settled('none');
    }, 120_000);
  },
  async (db) => {
    await generateDemoStore(db, { orders: 1200, years: 1, seed: 3, end: '2024-06-30' });
  },
);

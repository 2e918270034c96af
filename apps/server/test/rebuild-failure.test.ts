import type { ImportStatusBody } from '@storelens/api';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { runners } from '../src/admin';
import type { Db } from '../src/db/database';
import { generateDemoStore } from '../src/demo/generate';
import { call } from './admin-helpers';
import { describeEachEngine } from './harness';

const IMPORT = '/wp-json/wc-analytics/reports/import';
const SETTINGS = '/wp-json/wc-analytics/settings/general/timezone_string';

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
      await runners.get(app)?.settled('none');
    }, 120_000);
  },
  async (db) => {
    await generateDemoStore(db, { orders: 300, years: 1, seed: 3, end: '2024-06-30' });
  },
);

import { describe, expect, it } from 'vitest';
import {
  buildStaleCustomerTime,
  CUSTOMER_TIME_TABLES,
  customerTimeCurrent,
  storeTimeSettings,
} from '../src/analytics/customer-time';
import type { Db } from '../src/db/database';
import { migrateTo, migrateToLatest } from '../src/db/migrate';
import { RawSql } from '../src/db/sql';
import { generateDemoStore } from '../src/demo/generate';
import { WorkerHost } from '../src/jobs/worker-host';
import { readStoreSettings } from '../src/options';
import { prepareStore } from '../src/startup';
import { openStore } from '../src/store';
import { engines, freshStore } from './harness';

/*
 * A store upgraded to migration 037 has empty customers-over-time tables and no state row. They
 * are built when the server starts (startup.ts, on its worker thread) or a tool opens the store
 * (store.ts), not by the first ingestion batch after the upgrade, and hold what the demo's own
 * build gave (the figures kept since).
 */
const TABLES = CUSTOMER_TIME_TABLES;

async function snapshot(db: Db) {
  const out: Record<string, string[]> = {};
  for (const table of TABLES)
    out[table] = (await db.kysely.selectFrom(table).selectAll().execute())
      .map((r) =>
        JSON.stringify(
          Object.entries(r)
            .map(([k, v]) => [k, /^-?\d+$/.test(String(v)) ? Number(v) : String(v)])
            .sort(([a], [b]) => String(a).localeCompare(String(b))),
        ),
      )
      .sort();
  return out;
}

const current = async (db: Db) =>
  customerTimeCurrent(
    new RawSql(db.kysely, db.engine, db.sqlite),
    storeTimeSettings(await readStoreSettings(db)),
  );

for (const engine of engines)
  describe(`customers over time built at start-up on an upgraded store [${engine}]`, () => {
    it('fills the tables when the server starts or the store opens, without an ingestion batch', async () => {
      const store = await freshStore(engine);
      const db = store.db;
      try {
        await generateDemoStore(db, { orders: 300, years: 2, seed: 37, end: '2024-06-30' });
        const built = await snapshot(db);
        expect(built.person_summary!.length).toBeGreaterThan(0);
        expect(built.cohort_totals!.length).toBeGreaterThan(0);

        // Back to the version before customers over time, and upgraded again: 037 creates
        // the tables empty, without a state row.
        await migrateTo(db, '036_source_indexes');
        await migrateToLatest(db);
        expect(await current(db)).toBe(false);
        for (const table of TABLES)
          expect(await db.kysely.selectFrom(table).selectAll().execute(), table).toEqual([]);

        // The server's start (main.ts: prepareStore, on its worker thread) builds them;
        // nothing is ingested.
        const worker = WorkerHost.available(db) ? new WorkerHost(db) : undefined;
        try {
          await prepareStore(db, {
            log: () => undefined,
            demoOrders: 0,
            demoWhenEmpty: false,
            worker,
          });
        } finally {
          await worker?.close();
        }
        expect(await current(db)).toBe(true);
        expect(await snapshot(db)).toEqual(built);

        // So does opening the store (the command-line tools).
        await migrateTo(db, '036_source_indexes');
        await migrateToLatest(db);
        expect(await current(db)).toBe(false);
        const reopened = await openStore(db.url, db.schema ? { schema: db.schema } : {});
        try {
          expect(await current(reopened)).toBe(true);
          expect(await snapshot(reopened)).toEqual(built);
        } finally {
          await reopened.close();
        }
        // Current tables are left as they are.
        expect(await current(db)).toBe(true);
        expect(await buildStaleCustomerTime(db)).toBe(false);
        expect(await snapshot(db)).toEqual(built);
      } finally {
        await store.drop();
      }
    });
  });

import type { ImportStatusBody, ImportTotalsBody } from '@storelens/api';
import { refreshCustomerDates } from '../customer-activity';
import type { Db } from '../db/database';
import { checkJobFault } from '../db/faults';
import { ANALYTICS_TABLES } from '../db/schema';
import { RawSql } from '../db/sql';
import {
  type Job,
  type JobHandler,
  type JobRunner,
  latestJob,
  markCancelled,
} from '../jobs/runner';
import type { WorkerHost } from '../jobs/worker-host';
import { refreshLocalDates } from '../local-dates';
import { getOptions, readStoreSettings, setOptions } from '../options';
import { formatSqlUtc, parseSqlUtc, zone } from '../timezone';
import { readOrderInputs } from './import-source';
import { ingestOrders } from './ingest';
import { countItemVisits } from './item-visits';
import {
  createShadow,
  forgetOrderWrites,
  replayOrderWrites,
  shadowOwner,
  swapShadow,
} from './rebuild';

// The historical import job (WooCommerce's "Import historical data"), also the full rebuild a
// settings change starts: its kind, parameters and progress, its steps (run on the worker
// thread when the store has one), its start and cancelling, and the status the client polls.
// The routes that start and report it are in admin/import.ts.

/** The job kind of historical imports. */
export const IMPORT_KIND = 'import';

/** What an import covers. */
export interface ImportParams {
  /** Store-local first day 'YYYY-MM-DD 00:00:00', or -1 for all time. */
  from: string | -1;
  skipExisting: boolean;
  batchSize: number;
  /** Why it runs: a client request, or a settings change that needs a rebuild. */
  reason: 'request' | 'settings';
}

/** Where an import is. */
export interface ImportProgress {
  /**
   * 'swap': a rebuild built beside the live tables, waiting to replace them; 'replay': swapped
   * in, the orders written during the swap still to be replayed on the live tables.
   */
  phase: 'customers' | 'orders' | 'swap' | 'replay';
  customerCursor: number;
  orderCursor: number;
  customers: { imported: number; total: number };
  orders: { imported: number; total: number };
  /**
   * A rebuild beside the live tables replays the orders written since this time (ms) before
   * its swap (ingest/rebuild.ts); the 'replay' phase, those written since the swap began. Absent on
   * jobs queued before it existed: every noted write is replayed.
   */
  changesSince?: number;
}

/** The first local day an import with `days` covers: today minus `days`, at midnight. */
export function importFrom(
  days: number | undefined,
  timezone: string,
  now = Date.now(),
): string | -1 {
  if (days === undefined) return -1;
  const today = zone(timezone).toLocal(formatSqlUtc(now)).slice(0, 10);
  return `${formatSqlUtc(parseSqlUtc(`${today} 00:00:00`) - days * 86_400_000).slice(0, 10)} 00:00:00`;
}

/**
 * SQL filter of the source orders an import covers. The first day is compared in GMT (its
 * start in the shop's zone, `timezone`): the orders' local dates are of two zones while a
 * rebuild rewrites them.
 */
function orderFilter(
  params: Pick<ImportParams, 'from' | 'skipExisting'>,
  timezone: string,
): {
  where: string;
  args: unknown[];
} {
  const parts = ["o.type = 'order'"];
  const args: unknown[] = [];
  if (params.from !== -1) {
    parts.push('o.date_created_gmt >= ?');
    args.push(zone(timezone).toGmt(params.from));
  }
  if (params.skipExisting)
    parts.push('NOT EXISTS (SELECT 1 FROM order_stats s WHERE s.order_id = o.id)');
  return { where: parts.join(' AND '), args };
}

/** How many orders and customers an import would cover. */
export async function importTotals(
  db: Db,
  params: Pick<ImportParams, 'from' | 'skipExisting'>,
): Promise<ImportTotalsBody> {
  const sql = new RawSql(db.kysely, db.engine);
  const { where, args } = orderFilter(params, (await readStoreSettings(db)).timezone);
  const [row] = await sql.query<{ orders: number; customers: number }>(
    `SELECT COUNT(*) AS orders, COUNT(DISTINCT CASE WHEN o.customer_id > 0 THEN o.customer_id END) AS customers FROM orders o WHERE ${where}`,
    args,
  );
  return { orders: Number(row?.orders ?? 0), customers: Number(row?.customers ?? 0) };
}

/**
 * The import job: customers (last active dates) first, then orders in id order, in batches.
 * With a worker host each batch runs on the worker's thread and connection, so requests keep
 * their latency while it works (SQLite's calls block the thread that makes them). A full
 * import (all orders, none skipped: a settings rebuild, or a request for everything) is
 * built beside the live tables and swapped in by its last step (src/ingest/rebuild.ts), so the
 * reports never mix old and new settings, even when the rebuild fails half-way. Such an
 * import's customers step only counts the customers: their dates, and the other live rows'
 * local dates (in the shop's zone: local-dates.ts), are set by the swap, in its transaction.
 */
export function importHandler(
  db: Db,
  worker?: WorkerHost,
): JobHandler<ImportParams, ImportProgress> {
  return {
    kind: IMPORT_KIND,
    // A failing batch (a full disk, say) is tried again with growing waits — for about an
    // hour and a half — before the import is marked failed; a restart resumes it too.
    retry: { attempts: 20, firstDelayMs: 1_000, maxDelayMs: 5 * 60_000 },
    async step(job: Job<ImportParams, ImportProgress>) {
      checkJobFault(IMPORT_KIND);
      // Only the newest import runs: two rebuilds at once (started by two processes, or by
      // two settings changes read together) would each drop the other's shadow tables at
      // every step and neither would end. An older one stops here.
      if ((await latestImport(db))?.id !== job.id) {
        await markCancelled(db, job.id);
        return { progress: job.progress, done: false };
      }
      if (!worker) return importStep(db, job);
      const result = await worker.run('importStep', {
        jobId: job.id,
        params: job.params,
        progress: job.progress,
        // The shadow tables need a connection other than the one requests read on.
        beside: isFullImport(job.params),
      } satisfies ImportStepInput);
      // The worker's ingestion told only its own listeners.
      db.events.emit('ingested');
      return result;
    },
  };
}

/** True when an import covers every order afresh (it may then be built beside the live tables). */
export const isFullImport = (params: ImportParams) => params.from === -1 && !params.skipExisting;

/** What one step of an import is given. */
export interface ImportStepInput
  extends Pick<Job<ImportParams, ImportProgress>, 'params' | 'progress'> {
  jobId?: string;
  /** Build beside the live tables, on the connection `rebuild` gives (see ingest/rebuild.ts). */
  beside?: boolean;
}

/**
 * One step of an import (the worker thread runs the same code on its own connections). Built
 * beside, the step first makes sure this connection holds the job's shadow tables: when it
 * does not (a new job, or a worker restarted since), it creates them and starts the batches
 * over. The last step swaps the shadow in.
 */
export async function importStep(
  db: Db,
  input: ImportStepInput,
  rebuild?: () => Db,
): Promise<{ progress: ImportProgress; done: boolean }> {
  if (!input.beside || !rebuild || !input.jobId) return importBatch(db, input);
  let { progress } = input;
  if (progress.phase === 'replay') {
    // Orders written while the swap ran, on the live tables now; then the notes no later
    // rebuild needs are dropped.
    await replayOrderWrites(db, progress.changesSince ?? 0);
    await forgetOrderWrites(db, progress.changesSince ?? 0);
    return { progress, done: true };
  }
  const shadow = rebuild();
  if ((await shadowOwner(shadow)) !== input.jobId) {
    await createShadow(shadow, input.jobId);
    progress = {
      ...progress,
      phase: 'customers',
      customerCursor: 0,
      orderCursor: 0,
      customers: { ...progress.customers, imported: 0 },
      orders: { ...progress.orders, imported: 0 },
    };
  }
  if (progress.phase === 'swap') {
    // Orders the shop changed while the copy was built (it may have read them before) are
    // read again into the copy, so the swap does not put their old state back.
    const swapStarted = Date.now();
    await replayOrderWrites(shadow, progress.changesSince ?? 0, { itemVisits: false });
    // The copy's batches left item_visits alone (as a bulk load does): counted now, from the
    // copy's lookups.
    await countItemVisits(shadow);
    // The local dates of the live source rows (customers, products, coupons, the download
    // log, notes, reviews) are set with the tables, in the swap's transaction: every one of
    // them in the copy's zone, or none.
    const toLocal = zone((await readStoreSettings(shadow)).timezone).toLocal;
    await swapShadow(shadow, async (sql) => {
      await refreshCustomerDates(sql, toLocal);
      await refreshLocalDates(sql, toLocal);
    });
    return { progress: { ...progress, phase: 'replay', changesSince: swapStarted }, done: false };
  }
  const next = await importBatch(
    shadow,
    { params: input.params, progress },
    { itemVisits: false },
    { customerDates: false },
  );
  return next.done ? { progress: { ...next.progress, phase: 'swap' }, done: false } : next;
}

/**
 * One batch of customers or orders. `customerDates: false` (a rebuild's copy): the customers
 * are counted, their dates left to the swap.
 */
async function importBatch(
  db: Db,
  { params, progress }: Pick<ImportStepInput, 'params' | 'progress'>,
  ingest: { itemVisits?: boolean } = {},
  { customerDates = true }: { customerDates?: boolean } = {},
): Promise<{ progress: ImportProgress; done: boolean }> {
  const sql = new RawSql(db.kysely, db.engine);
  const { timezone } = await readStoreSettings(db);
  const { where, args } = orderFilter(params, timezone);
  if (progress.phase === 'customers') {
    const rows = await sql.query<{ id: number }>(
      `SELECT c.id FROM customers c WHERE c.id > ? AND c.id IN (SELECT o.customer_id FROM orders o WHERE ${where})
           ORDER BY c.id LIMIT ${params.batchSize}`,
      [progress.customerCursor, ...args],
    );
    const ids = rows.map((r) => Number(r.id));
    if (customerDates) {
      const toLocal = zone(timezone).toLocal;
      await db.kysely
        .transaction()
        .execute((trx) =>
          refreshCustomerDates(new RawSql(trx, db.engine, db.sqlite), toLocal, ids),
        );
    }
    const next: ImportProgress = {
      ...progress,
      customerCursor: ids.at(-1) ?? progress.customerCursor,
      customers: { ...progress.customers, imported: progress.customers.imported + ids.length },
    };
    if (ids.length < params.batchSize) next.phase = 'orders';
    return { progress: next, done: false };
  }
  const rows = await sql.query<{ id: number }>(
    `SELECT o.id FROM orders o WHERE o.id > ? AND ${where} ORDER BY o.id LIMIT ${params.batchSize}`,
    [progress.orderCursor, ...args],
  );
  const ids = rows.map((r) => Number(r.id));
  await ingestOrders(db, await readOrderInputs(db, ids), [], ingest);
  return {
    progress: {
      ...progress,
      orderCursor: ids.at(-1) ?? progress.orderCursor,
      orders: {
        ...progress.orders,
        imported: Math.min(progress.orders.total, progress.orders.imported + ids.length),
      },
    },
    done: ids.length < params.batchSize,
  };
}

/** The newest import job. */
const latestImport = (db: Db) => latestJob<ImportParams, ImportProgress>(db, IMPORT_KIND);

/** Cancels running imports and waits for their loops. */
export async function cancelImports(db: Db, runner: JobRunner): Promise<void> {
  const running = await db.kysely
    .selectFrom('admin_jobs')
    .select('id')
    .where('kind', '=', IMPORT_KIND)
    .where('status', 'in', ['queued', 'running'])
    .execute();
  for (const { id } of running) await runner.cancel(id);
}

/**
 * Starts an import. A client request while one runs is refused; a settings rebuild replaces
 * the running one (its earlier batches used the old settings).
 */
export async function startImport(
  db: Db,
  runner: JobRunner,
  options: {
    days?: number;
    skipExisting: boolean;
    reason: ImportParams['reason'];
    batchSize?: number;
  },
): Promise<{ started: true; id: string } | { started: false }> {
  // Two starts at once would both read no running import and both start one.
  return runner.serially(IMPORT_KIND, () => startImportNow(db, runner, options));
}

async function startImportNow(
  db: Db,
  runner: JobRunner,
  options: Parameters<typeof startImport>[2],
): Promise<{ started: true; id: string } | { started: false }> {
  const latest = await latestImport(db);
  if (latest && (latest.status === 'running' || latest.status === 'queued')) {
    if (options.reason === 'request') return { started: false };
    await cancelImports(db, runner);
  }
  const settings = await readStoreSettings(db);
  const params: ImportParams = {
    from: importFrom(options.days, settings.timezone),
    skipExisting: options.skipExisting,
    batchSize: options.batchSize ?? 500,
    reason: options.reason,
  };
  const progress = await startingProgress(db, params);
  return { started: true, id: await runner.enqueue(IMPORT_KIND, params, progress) };
}

/** An import's progress before its first step: nothing imported of what it covers, from now. */
export async function startingProgress(db: Db, params: ImportParams): Promise<ImportProgress> {
  const totals = await importTotals(db, params);
  return {
    phase: 'customers',
    customerCursor: 0,
    orderCursor: 0,
    customers: { imported: 0, total: totals.customers },
    orders: { imported: 0, total: totals.orders },
    changesSince: Date.now(),
  };
}

/**
 * The option naming the last import whose data "Delete previously imported data" removed:
 * its progress no longer describes the tables, so the status stops reporting it.
 */
const DELETED_IMPORT_OPTION = 'storelens_import_deleted_job';

/** The status the client polls. */
export async function importStatus(db: Db, runner?: JobRunner): Promise<ImportStatusBody> {
  const job = await latestImport(db);
  const deleted = job
    ? (await getOptions(db, [DELETED_IMPORT_OPTION])).get(DELETED_IMPORT_OPTION)
    : undefined;
  if (!job || (job.id === deleted && job.status !== 'running' && job.status !== 'queued')) {
    return {
      customers: { imported: 0, total: 0 },
      orders: { imported: 0, total: 0 },
      imported_from: -1,
      is_importing: false,
    };
  }
  return {
    customers: job.progress.customers,
    orders: job.progress.orders,
    imported_from: job.params.from,
    is_importing: job.status === 'running' || job.status === 'queued',
    ...(job.error ? { last_error: job.error } : {}),
    ...(runner?.paused && job.status === 'running' ? { waiting_for_database: true } : {}),
  };
}

/** Empties every analytics lookup table and rollup (after cancelling imports). */
export async function deleteAnalyticsData(db: Db, runner: JobRunner): Promise<void> {
  await cancelImports(db, runner);
  await db.kysely.transaction().execute(async (trx) => {
    for (const table of ANALYTICS_TABLES) await trx.deleteFrom(table).execute();
    // Without a state row the customers-over-time tables are built afresh (merges included).
    await trx.deleteFrom('customer_time_state').execute();
  });
  // The last import's counts described the deleted rows: the status shows nothing imported
  // (not a stale "finished" or half-done progress) until the next import starts.
  const last = await latestImport(db);
  if (last) await setOptions(db, { [DELETED_IMPORT_OPTION]: last.id });
  db.events.emit('analyticsDataDeleted');
}

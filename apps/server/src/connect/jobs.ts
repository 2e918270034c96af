import { nowGmt } from '../clock';
import type { Db } from '../db/database';
import { type Job, type JobHandler, type JobRunner, newJobId } from '../jobs/runner';
import { formatSqlUtc, parseSqlUtc } from '../timezone';
import { type ClientOptions, ShopError, WooClient } from './client';
import { fetchRefunds, localWriter, type RecordWriter } from './records';
import { type ConnectionTable, logError, readConnection, updateConnection } from './tables';
import type {
  WcAttribute,
  WcCategory,
  WcCoupon,
  WcCustomer,
  WcOrder,
  WcProduct,
  WcTaxRate,
  WcTerm,
} from './wc-types';
import { toWcDate } from './wc-values';

export const IMPORT_JOB = 'woo-import';
export const RECONCILE_JOB = 'woo-reconcile';

/** What the import reads, in this order (the catalog before the orders that name it). */
export const RESOURCES = [
  'categories',
  'attributes',
  'tax_rates',
  'coupons',
  'customers',
  'products',
  'variations',
  'orders',
] as const;
export type Resource = (typeof RESOURCES)[number];

export interface ImportProgress {
  phase: number;
  /** Records done in the current phase (an offset into the shop's list). */
  cursor: number;
  resources: Record<Resource, { done: number; total: number }>;
  started_gmt: string;
  /** Milliseconds spent importing (across pauses and restarts), for the estimate. */
  elapsed_ms: number;
  /** Consecutive failed steps: the wait before the next try grows with them. */
  failures: number;
  /**
   * Set once the products listed by `status=any` are read: how many there were. The products
   * phase then reads the trashed ones (`status=trash`, which `any` leaves out), `cursor`
   * counting those.
   */
  trash_from?: number;
}

export interface ReconcileProgress {
  phase: number;
  page: number;
  since: string;
  started_gmt: string;
  changed: number;
  failures: number;
}

export interface SyncOptions {
  client?: ClientOptions;
  /** Pause after a failed step, first and largest (it doubles per failure). */
  retryPauseMs?: number;
  maxRetryPauseMs?: number;
  /** Pages read at once per import step. */
  pagesPerStep?: number;
  /** Minutes between reconciliations. */
  reconcileMinutes?: number;
  /**
   * How often the server looks for connections due a reconciliation (default 30 s); 0 never
   * (the tests, which start each reconciliation themselves and check what it answers).
   */
  scheduleEveryMs?: number;
  /** Reconciliation asks for changes since its last start minus this. */
  overlapMs?: number;
  /** Where the shop can reach this server (webhook delivery URLs); none registers no webhooks. */
  publicUrl?: () => string | undefined;
  /**
   * Where the import, reconciliation and webhook deliveries write what they read (catalog,
   * customers, coupons, orders): by default here, on the calling thread; the server passes
   * the worker thread's (src/jobs/worker-host.ts), so the writes do not hold the thread
   * that answers requests.
   */
  writer?: RecordWriter;
  /** False while the server is still starting (the store not migrated yet): no sync runs. */
  ready?: () => boolean;
}

export const PER_PAGE = 100;
/** The import re-reads this many records before its offset: an order the shop deletes meanwhile shifts the list, and would otherwise hide one. */
const OFFSET_OVERLAP = 10;

export function newImportProgress(now = Date.now()): ImportProgress {
  return {
    phase: 0,
    cursor: 0,
    resources: Object.fromEntries(
      RESOURCES.map((r) => [r, { done: 0, total: 0 }]),
    ) as ImportProgress['resources'],
    started_gmt: formatSqlUtc(now),
    elapsed_ms: 0,
    failures: 0,
  };
}

/** The shop client of a connection; retries are written to its error log. */
export function clientOf(db: Db, c: ConnectionTable, options: ClientOptions = {}): WooClient {
  return new WooClient(
    { url: c.url, key: c.consumer_key, secret: c.consumer_secret },
    {
      ...options,
      onRetry: (n) => {
        logError(
          db,
          c.id,
          `${n.path}: ${n.reason}`,
          `retried in ${(n.delayMs / 1000).toFixed(1)} s (try ${n.attempt + 1})`,
        ).catch(() => {});
      },
    },
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A failed step: logged, then the same progress again after a growing pause. */
async function failedStep<P extends { failures: number }>(
  db: Db,
  c: ConnectionTable,
  progress: P,
  error: unknown,
  options: SyncOptions,
): Promise<{ progress: P; done: false }> {
  const pause = Math.min(
    options.maxRetryPauseMs ?? 60_000,
    (options.retryPauseMs ?? 2_000) * 2 ** progress.failures,
  );
  const message = error instanceof Error ? error.message : String(error);
  await logError(db, c.id, message, `continues by itself in ${Math.round(pause / 1000)} s`);
  await updateConnection(db, c.id, { status: 'error' });
  await sleep(pause);
  return { progress: { ...progress, failures: progress.failures + 1 }, done: false };
}

/** Reads `count` pages from `offset` at once (the client bounds the requests in flight). */
async function pagesFrom<T>(
  client: WooClient,
  resource: string,
  offset: number,
  count: number,
  query: Record<string, string | number> = {},
) {
  const pages = await Promise.all(
    Array.from({ length: count }, (_, k) =>
      client.page<T>(resource, 1, {
        orderby: 'id',
        order: 'asc',
        ...query,
        offset: offset + k * PER_PAGE,
      }),
    ),
  );
  const items = pages.flatMap((p) => p.items);
  const seen = new Set<number>();
  return {
    items: items.filter((i) => {
      const id = (i as { id: number }).id;
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    }),
    total: pages[0]?.total ?? 0,
    last: pages.some((p) => p.items.length < PER_PAGE),
  };
}

/** The import of a whole shop, one bounded step at a time, resumable from its progress. */
export function importHandler(
  db: Db,
  options: SyncOptions = {},
): JobHandler<{ connection: number }, ImportProgress> {
  const writer = options.writer ?? localWriter(db);
  return {
    kind: IMPORT_JOB,
    async step({ params, progress }: Job<{ connection: number }, ImportProgress>) {
      const c = await readConnection(db, params.connection);
      if (!c) return { progress, done: true };
      const client = clientOf(db, c, options.client);
      const started = performance.now();
      try {
        // Item visits are counted once, at the end (ingest/item-visits.ts). Marked at every
        // step: a recount in between (a server starting) may have cleared the mark.
        await writer.deferItemVisits();
        const next = await importStep(db, client, progress, options.pagesPerStep ?? 10, writer);
        if (c.status !== 'importing') await updateConnection(db, c.id, { status: 'importing' });
        next.elapsed_ms = progress.elapsed_ms + Math.round(performance.now() - started);
        next.failures = 0;
        await updateConnection(db, c.id, { progress: JSON.stringify(next) });
        return { progress: next, done: next.phase >= RESOURCES.length };
      } catch (error) {
        return failedStep(db, c, progress, error, options);
      }
    },
    async finish(job) {
      await writer.recountItemVisits();
      const c = await readConnection(db, job.params.connection);
      if (!c) return undefined;
      await updateConnection(db, c.id, {
        status: 'idle',
        job_id: null,
        progress: JSON.stringify(job.progress),
        cursor_gmt: job.progress.started_gmt,
      });
      return undefined;
    },
  };
}

export async function importStep(
  db: Db,
  client: WooClient,
  progress: ImportProgress,
  pagesPerStep: number,
  writer: RecordWriter,
): Promise<ImportProgress> {
  const resource = RESOURCES[progress.phase]!;
  const p: ImportProgress = { ...progress, resources: { ...progress.resources } };
  // A resource's first step reads one page: its count and total show within a page's time,
  // not after the ten pages of a full step (seconds on a slow shop, with counts at 0 meanwhile).
  const pages = progress.cursor === 0 && progress.trash_from === undefined ? 1 : pagesPerStep;
  const advance = (done: number, total: number, last: boolean) => {
    p.resources[resource] = {
      done: Math.min(done, Math.max(total, done)),
      total: Math.max(total, done),
    };
    if (last) {
      p.resources[resource] = {
        done: p.resources[resource].total,
        total: p.resources[resource].total,
      };
      p.phase++;
      p.cursor = 0;
    } else p.cursor = done;
    return p;
  };
  const paged = async <T>(
    name: string,
    apply: (items: T[]) => Promise<void>,
    query: Record<string, string | number> = {},
    overlap = 0,
  ) => {
    const from = Math.max(0, progress.cursor - overlap);
    const page = await pagesFrom<T>(client, name, from, pages, query);
    await apply(page.items);
    return advance(from + page.items.length, page.total, page.last);
  };
  switch (resource) {
    case 'categories':
      return paged<WcCategory>('products/categories', (items) => writer.upsertCategories(items));
    case 'tax_rates':
      return paged<WcTaxRate>('taxes', (items) => writer.upsertTaxRates(items));
    case 'coupons':
      return paged<WcCoupon>('coupons', (items) => writer.upsertCoupons(items));
    case 'customers':
      return paged<WcCustomer>('customers', (items) => writer.upsertCustomers(items), {
        role: 'all',
      });
    case 'products': {
      // Products in the trash too: WordPress's `any` leaves them out, and the reports keep
      // counting their past sales in their categories, as WooCommerce does
      // (Categories/DataStore.php joins the product's category links whatever its status).
      const trash = progress.trash_from;
      const page = await pagesFrom<WcProduct>(client, 'products', progress.cursor, pages, {
        status: trash === undefined ? 'any' : 'trash',
      });
      await writer.upsertProducts(page.items);
      const done = progress.cursor + page.items.length;
      if (trash === undefined) {
        advance(done, page.total, false);
        if (page.last) {
          p.trash_from = done;
          p.cursor = 0;
        }
        return p;
      }
      advance(trash + done, trash + page.total, page.last);
      if (page.last) delete p.trash_from;
      else p.cursor = done;
      return p;
    }
    case 'orders': {
      const from = Math.max(0, progress.cursor - OFFSET_OVERLAP);
      const batch = await (takePrefetched(client.site, from) ?? readOrders(client, from, pages));
      const next = from + batch.items.length;
      // The next pages are read while this batch is written: the shop's paging is the limit.
      if (!batch.last)
        prefetch(
          client.site,
          next - OFFSET_OVERLAP,
          readOrders(client, next - OFFSET_OVERLAP, pagesPerStep),
        );
      await writer.applyOrders(batch.items, batch.refunds, { skipApplied: true });
      return advance(next, batch.total, batch.last);
    }
    case 'attributes': {
      const attributes = await client.all<WcAttribute>('products/attributes');
      const batch = attributes.slice(progress.cursor, progress.cursor + 10);
      for (const a of batch)
        await writer.upsertAttributes(
          a,
          await client.all<WcTerm>(`products/attributes/${a.id}/terms`),
        );
      const done = progress.cursor + batch.length;
      return advance(done, attributes.length, done >= attributes.length);
    }
    case 'variations': {
      const variable = await db.kysely
        .selectFrom('products')
        .select('id')
        .where('type', '=', 'variable')
        .where('parent_id', '=', 0)
        .orderBy('id')
        .execute();
      const batch = variable.slice(progress.cursor, progress.cursor + 8);
      await Promise.all(
        batch.map(async ({ id }) => {
          const items = await client.all<WcProduct>(`products/${id}/variations`);
          await writer.upsertProducts(items, Number(id));
        }),
      );
      const done = progress.cursor + batch.length;
      return advance(done, variable.length, done >= variable.length);
    }
  }
}

/** Order pages with their refunds, from an offset. */
async function readOrders(client: WooClient, offset: number, pages: number) {
  const page = await pagesFrom<WcOrder>(client, 'orders', offset, pages, { status: 'any' });
  return { ...page, refunds: await fetchRefunds(client, page.items) };
}
type OrderBatch = Awaited<ReturnType<typeof readOrders>>;

/** The next batch of each shop, read ahead; used only by the step that asks for that offset soon after. */
const readAhead = new Map<string, { from: number; at: number; batch: Promise<OrderBatch> }>();

function prefetch(site: string, from: number, batch: Promise<OrderBatch>) {
  batch.catch(() => {}); // a failed read-ahead is read again by its step
  readAhead.set(site, { from, at: Date.now(), batch });
}

function takePrefetched(site: string, from: number): Promise<OrderBatch> | undefined {
  const ahead = readAhead.get(site);
  readAhead.delete(site);
  return ahead && ahead.from === from && Date.now() - ahead.at < 60_000 ? ahead.batch : undefined;
}

/**
 * Reconciliation reads what changed since its cursor, resource by resource: trashed orders
 * (`trash`) and products (`product_trash`) apart, since `status=any` leaves them out.
 */
const RECONCILE_PHASES = [
  'products',
  'customers',
  'coupons',
  'orders',
  'trash',
  'product_trash',
] as const;

export function reconcileHandler(
  db: Db,
  options: SyncOptions = {},
  afterReconcile?: (c: ConnectionTable) => Promise<void>,
): JobHandler<{ connection: number }, ReconcileProgress> {
  return {
    kind: RECONCILE_JOB,
    async step({ params, progress }) {
      const c = await readConnection(db, params.connection);
      if (!c) return { progress, done: true };
      const client = clientOf(db, c, options.client);
      const phase = RECONCILE_PHASES[progress.phase];
      if (!phase) return { progress, done: true };
      const writer = options.writer ?? localWriter(db);
      try {
        // `since` is GMT; without dates_are_gmt WooCommerce reads it as the shop's local time
        // (a shop behind GMT would have its window start hours late).
        const since = {
          modified_after: toWcDate(progress.since),
          dates_are_gmt: 'true',
          orderby: 'id',
          order: 'asc',
        };
        let changed = 0;
        let last = true;
        if (phase === 'products' || phase === 'product_trash') {
          const page = await client.page<WcProduct>('products', progress.page, {
            ...since,
            status: phase === 'products' ? 'any' : 'trash',
          });
          await writer.upsertProducts(page.items);
          for (const product of page.items.filter((x) => x.type === 'variable'))
            await writer.upsertProducts(
              await client.all<WcProduct>(`products/${product.id}/variations`),
              product.id,
            );
          changed = page.items.length;
          last = progress.page >= page.totalPages;
        } else if (phase === 'customers') {
          const page = await client.page<WcCustomer>('customers', progress.page, {
            ...since,
            role: 'all',
          });
          await writer.upsertCustomers(page.items);
          changed = page.items.length;
          last = progress.page >= page.totalPages;
        } else if (phase === 'coupons') {
          const page = await client.page<WcCoupon>('coupons', progress.page, since);
          await writer.upsertCoupons(page.items);
          changed = page.items.length;
          last = progress.page >= page.totalPages;
        } else {
          const page = await client.page<WcOrder>('orders', progress.page, {
            ...since,
            status: phase === 'trash' ? 'trash' : 'any',
          });
          changed = await writer.applyOrders(page.items, await fetchRefunds(client, page.items));
          last = progress.page >= page.totalPages;
        }
        const next: ReconcileProgress = {
          ...progress,
          changed: progress.changed + changed,
          failures: 0,
          ...(last ? { phase: progress.phase + 1, page: 1 } : { page: progress.page + 1 }),
        };
        if (c.status !== 'syncing') await updateConnection(db, c.id, { status: 'syncing' });
        return { progress: next, done: next.phase >= RECONCILE_PHASES.length };
      } catch (error) {
        if (error instanceof ShopError && error.kind === 'not_found') {
          return { progress: { ...progress, phase: progress.phase + 1, page: 1 }, done: false };
        }
        return failedStep(db, c, progress, error, options);
      }
    },
    async finish(job) {
      const c = await readConnection(db, job.params.connection);
      if (!c) return undefined;
      if (afterReconcile) {
        try {
          await afterReconcile(c);
        } catch (error) {
          await logError(
            db,
            c.id,
            `webhook check: ${(error as Error).message}`,
            'checked again at the next reconciliation',
          );
        }
      }
      await updateConnection(db, c.id, {
        status: 'idle',
        job_id: null,
        last_reconciled_gmt: nowGmt(),
        cursor_gmt: job.progress.started_gmt,
        ...(job.progress.changed > 0 ? { last_change_gmt: nowGmt() } : {}),
      });
      return undefined;
    },
  };
}

/**
 * Starts a reconciliation unless a job already runs for the connection. Several processes may
 * try at once (each schedules reconciliations): the connection's `job_id` is swapped from the
 * value read to the new job's id in one conditional update, so only one of them starts it.
 */
export async function startReconcile(
  db: Db,
  runner: JobRunner,
  c: ConnectionTable,
  overlapMs: number,
): Promise<boolean> {
  if (c.job_id) {
    const job = await db.kysely
      .selectFrom('admin_jobs')
      .select('status')
      .where('id', '=', c.job_id)
      .executeTakeFirst();
    if (job && (job.status === 'running' || job.status === 'queued')) return false;
  }
  if (c.status === 'paused') return false;
  const now = Date.now();
  const cursor = c.cursor_gmt ? parseSqlUtc(c.cursor_gmt) : 0;
  const progress: ReconcileProgress = {
    phase: 0,
    page: 1,
    since: formatSqlUtc(Math.max(0, cursor - overlapMs)),
    started_gmt: formatSqlUtc(now),
    changed: 0,
    failures: 0,
  };
  const id = newJobId();
  const swapped = await db.kysely
    .updateTable('connections')
    .set({ status: 'syncing', job_id: id })
    .where('id', '=', c.id)
    .where('status', '=', c.status)
    .where('job_id', c.job_id === null ? 'is' : '=', c.job_id)
    .executeTakeFirst();
  if (Number(swapped.numUpdatedRows) === 0) return false;
  try {
    await runner.enqueue(RECONCILE_JOB, { connection: c.id }, progress, id);
  } catch (error) {
    // The connection says `syncing` for a job that does not exist: put it back in a state the
    // scheduler retries (`error`), with the cause on the connection. Should this fail too (the
    // database gone), the scheduler sees a `syncing` connection without a live job and
    // starts it again all the same.
    await db.kysely
      .updateTable('connections')
      .set({ status: 'error', job_id: null })
      .where('id', '=', c.id)
      .where('job_id', '=', id)
      .execute();
    await logError(
      db,
      c.id,
      `starting a reconciliation: ${error instanceof Error ? error.message : String(error)}`,
      'tried again at the next reconciliation',
    );
    throw error;
  }
  return true;
}

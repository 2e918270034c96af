import type { CostRecomputeStatus } from '@storelens/api';
import type { Db } from '../db/database';
import { RawSql } from '../db/sql';
import { readOrderInputs } from '../ingest/import-source';
import { ingestOrders } from '../ingest/ingest';
import { noteOrderWrites } from '../ingest/rebuild';
import { type Job, type JobHandler, type JobRunner, latestJob } from '../jobs/runner';

/** The job kind that recomputes orders after a cost change. */
export const COST_RECOMPUTE_KIND = 'cost_recompute';

/** Orders ingested again per step. */
const BATCH = 200;

/**
 * What a recompute covers: the orders created at or after `fromGmt` with a line of one of
 * `products` (as product or variation) whose cost the shop did not store on the line.
 */
export interface RecomputeParams {
  products: number[];
  fromGmt: string;
  batchSize: number;
}

/** Where a recompute is: the last order id done, and counts. */
export interface RecomputeProgress {
  cursor: number;
  done: number;
  total: number;
}

/** The filter of the orders a recompute covers, over `orders o`. */
function affected(sql: RawSql, params: Pick<RecomputeParams, 'products' | 'fromGmt'>) {
  return {
    where: `o.type = 'order' AND o.date_created_gmt >= ? AND EXISTS (SELECT 1 FROM order_items i
      WHERE i.order_id = o.id AND i.cost_source <> 'line'
        AND (${sql.inIdList('i.product_id')} OR ${sql.inIdList('i.variation_id')}))`,
    args: [params.fromGmt, sql.idList(params.products), sql.idList(params.products)],
  };
}

/** How many orders a recompute would cover. */
export async function countAffected(
  db: Db,
  params: Pick<RecomputeParams, 'products' | 'fromGmt'>,
): Promise<number> {
  const sql = new RawSql(db.kysely, db.engine);
  const { where, args } = affected(sql, params);
  const [row] = await sql.query<{ n: number }>(
    `SELECT COUNT(*) AS n FROM orders o WHERE ${where}`,
    args,
  );
  return Number(row?.n ?? 0);
}

/**
 * One step: the next batch of affected orders, read back from their source rows and ingested
 * again, so each line without a shop-stored cost takes the unit cost in force now, and every
 * lookup row and rollup of the days the orders touch is replaced exactly (ingestion subtracts
 * an order's old contribution and adds its new one). A running rebuild replays them
 * (ingest/rebuild.ts). Repeating a step changes nothing.
 */
export async function recomputeStep(
  db: Db,
  params: RecomputeParams,
  progress: RecomputeProgress,
): Promise<{ progress: RecomputeProgress; done: boolean }> {
  const sql = new RawSql(db.kysely, db.engine);
  const { where, args } = affected(sql, params);
  const rows = await sql.query<{ id: number }>(
    `SELECT o.id FROM orders o WHERE o.id > ? AND ${where} ORDER BY o.id LIMIT ${params.batchSize}`,
    [progress.cursor, ...args],
  );
  const ids = rows.map((r) => Number(r.id));
  if (ids.length > 0) {
    await noteOrderWrites(db, ids);
    await ingestOrders(db, await readOrderInputs(db, ids));
  }
  return {
    progress: {
      cursor: ids.at(-1) ?? progress.cursor,
      done: Math.min(progress.total, progress.done + ids.length),
      total: progress.total,
    },
    done: ids.length < params.batchSize,
  };
}

/** The recompute job's handler (registered on the admin job runner). */
export function recomputeHandler(db: Db): JobHandler<RecomputeParams, RecomputeProgress> {
  return {
    kind: COST_RECOMPUTE_KIND,
    // A failing batch is tried again with growing waits, as an import's is.
    retry: { attempts: 20, firstDelayMs: 1_000, maxDelayMs: 5 * 60_000 },
    step: (job: Job<RecomputeParams, RecomputeProgress>) =>
      recomputeStep(db, job.params, job.progress),
  };
}

/**
 * Starts recomputing the orders a change of the costs of `products` from `fromGmt` on affects;
 * null when none is.
 */
export async function startRecompute(
  db: Db,
  runner: JobRunner,
  products: readonly number[],
  fromGmt: string,
): Promise<{ id: string; orders: number } | null> {
  if (products.length === 0) return null;
  const params: RecomputeParams = { products: [...new Set(products)], fromGmt, batchSize: BATCH };
  const total = await countAffected(db, params);
  if (total === 0) return null;
  const id = await runner.enqueue<RecomputeParams, RecomputeProgress>(COST_RECOMPUTE_KIND, params, {
    cursor: 0,
    done: 0,
    total,
  });
  return { id, orders: total };
}

/** The latest recompute job and how many are not finished. */
export async function recomputeStatus(db: Db): Promise<CostRecomputeStatus> {
  const job = await latestJob<RecomputeParams, RecomputeProgress>(db, COST_RECOMPUTE_KIND);
  const pending = await db.kysely
    .selectFrom('admin_jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', '=', COST_RECOMPUTE_KIND)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  if (!job) return { id: null, status: 'none', orders: { done: 0, total: 0 }, pending: 0 };
  return {
    id: job.id,
    status: job.status,
    orders: { done: job.progress.done, total: job.progress.total },
    pending: Number(pending?.n ?? 0),
    ...(job.error ? { last_error: job.error } : {}),
  };
}

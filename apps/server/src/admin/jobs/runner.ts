import type { Db } from '../../db/database';
import type { AdminJobTable } from '../../db/schema';
import { nowGmt } from '../dates';

/** Job states: queued → running → done | failed | cancelled. */
export type JobStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

/** A stored job with its parsed params and progress. */
export interface Job<P, S> {
  id: string;
  kind: string;
  status: JobStatus;
  params: P;
  progress: S;
  error: string | null;
}

/**
 * How one kind of job advances: `step` does a bounded piece of work from the stored progress
 * and returns the next progress. Steps must be safe to repeat (a crash between the work and
 * the progress write repeats the step).
 */
export interface JobHandler<P, S> {
  kind: string;
  step(job: Job<P, S>): Promise<{ progress: S; done: boolean }>;
  /** Called once after the last step. */
  finish?(job: Job<P, S>): Promise<S | undefined>;
}

/** Parses a stored row. */
export function parseJob<P, S>(row: AdminJobTable): Job<P, S> {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status as JobStatus,
    params: JSON.parse(row.params) as P,
    progress: JSON.parse(row.progress) as S,
    error: row.error,
  };
}

/** Reads one job. */
export async function readJob<P, S>(db: Db, id: string): Promise<Job<P, S> | undefined> {
  const row = await db.kysely
    .selectFrom('admin_jobs')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? parseJob<P, S>(row) : undefined;
}

/** A new job id: epoch microseconds as digits (WooCommerce's "microtime" ids). */
export function newJobId(): string {
  const micro = BigInt(Date.now()) * 1000n + BigInt(Math.floor(Math.random() * 1000));
  return micro.toString();
}

/**
 * Runs background jobs whose progress lives in the database. Each job advances step by step,
 * the progress written after every step, so a restarted server resumes where the last
 * committed step left off. A cancel between steps is honoured (the progress write only
 * succeeds while the job is still running).
 */
export class JobRunner {
  private readonly handlers = new Map<string, JobHandler<never, never>>();
  private readonly loops = new Map<string, Promise<void>>();
  private stopping = false;

  constructor(private readonly db: Db) {}

  /** Adds a kind of job. */
  register<P, S>(handler: JobHandler<P, S>): void {
    this.handlers.set(handler.kind, handler as unknown as JobHandler<never, never>);
  }

  /** Stores a job and starts it. */
  async enqueue<P, S>(kind: string, params: P, progress: S, id = newJobId()): Promise<string> {
    const now = nowGmt();
    await this.db.kysely
      .insertInto('admin_jobs')
      .values({
        id,
        kind,
        status: 'running',
        params: JSON.stringify(params),
        progress: JSON.stringify(progress),
        error: null,
        created_gmt: now,
        updated_gmt: now,
      })
      .execute();
    this.launch(id);
    return id;
  }

  /** Resumes every job left running (after a restart). */
  async resume(): Promise<void> {
    const rows = await this.db.kysely
      .selectFrom('admin_jobs')
      .select(['id', 'kind'])
      .where('status', 'in', ['queued', 'running'])
      .orderBy('created_gmt')
      .execute();
    for (const row of rows) if (this.handlers.has(row.kind)) this.launch(row.id);
  }

  /** Marks a job cancelled; its loop stops before the next step. */
  async cancel(id: string): Promise<void> {
    await this.db.kysely
      .updateTable('admin_jobs')
      .set({ status: 'cancelled', updated_gmt: nowGmt() })
      .where('id', '=', id)
      .where('status', 'in', ['queued', 'running'])
      .execute();
    await this.loops.get(id);
  }

  /** Waits for a job's loop to end (tests, shutdown). */
  async settled(id: string): Promise<void> {
    await this.loops.get(id);
  }

  /** Stops after the steps in flight; jobs stay `running` in the database and resume later. */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.loops.values());
  }

  private launch(id: string) {
    if (this.loops.has(id) || this.stopping) return;
    const loop = this.run(id).finally(() => this.loops.delete(id));
    this.loops.set(id, loop);
  }

  private async run(id: string): Promise<void> {
    // Let the request that started the job answer first.
    await new Promise((resolve) => setImmediate(resolve));
    while (!this.stopping) {
      const job = await readJob<never, never>(this.db, id);
      if (job?.status !== 'running') return;
      const handler = this.handlers.get(job.kind);
      if (!handler) return;
      try {
        const { progress, done } = await handler.step(job);
        const finished =
          done && handler.finish
            ? ((await handler.finish({ ...job, progress })) ?? progress)
            : progress;
        const result = await this.db.kysely
          .updateTable('admin_jobs')
          .set({
            progress: JSON.stringify(finished),
            status: done ? 'done' : 'running',
            updated_gmt: nowGmt(),
          })
          .where('id', '=', id)
          .where('status', '=', 'running')
          .executeTakeFirst();
        if (done || Number(result.numUpdatedRows) === 0) return;
      } catch (error) {
        console.error(error);
        await this.db.kysely
          .updateTable('admin_jobs')
          .set({
            status: 'failed',
            error: error instanceof Error ? error.message : String(error),
            updated_gmt: nowGmt(),
          })
          .where('id', '=', id)
          .execute();
        return;
      }
    }
  }
}

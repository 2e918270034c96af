import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { isDatabaseUnavailable } from '../../db/faults';
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
  /**
   * How often a failing step is tried again (with doubling waits from `firstDelayMs`, at most
   * `maxDelayMs`) before the job is marked failed; `attempts: Infinity` never gives up. The
   * default fails at the first error. A lost database never counts: the job pauses instead.
   */
  retry?: { attempts: number; firstDelayMs: number; maxDelayMs?: number };
}

/** Waits `ms`, or less when `cut` resolves first. */
const pause = (ms: number, cut: Promise<void>) =>
  Promise.race([new Promise<void>((resolve) => setTimeout(resolve, ms).unref?.()), cut]);

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
  private stopped!: () => void;
  /** Resolves when stop() is called: cuts every wait short. */
  private readonly stopSignal = new Promise<void>((resolve) => {
    this.stopped = resolve;
  });
  private waitingForDatabase: Promise<void> | undefined;

  constructor(private readonly db: Db) {}

  /** True while jobs are paused because the database cannot be reached. */
  get paused(): boolean {
    return this.waitingForDatabase !== undefined;
  }

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
    this.stopped();
    await Promise.all(this.loops.values());
  }

  private launch(id: string) {
    if (this.loops.has(id) || this.stopping) return;
    // A loop never rejects (that would end the process): whatever escapes is logged, and the
    // job stays `running` in the database, so the next start resumes it.
    const loop = this.run(id)
      .catch((error: unknown) => console.error(`Job ${id} stopped:`, error))
      .finally(() => this.loops.delete(id));
    this.loops.set(id, loop);
  }

  /**
   * Waits until the database answers again (every job shares one wait), checking with
   * doubling pauses up to 5 s. Jobs then go on from their last committed step.
   */
  private waitForDatabase(): Promise<void> {
    this.waitingForDatabase ??= (async () => {
      console.warn('The database is unavailable: background jobs are paused until it is back.');
      for (let delay = 100; !this.stopping; delay = Math.min(delay * 2, 5_000)) {
        await pause(delay, this.stopSignal);
        try {
          await sql`SELECT 1`.execute(this.db.kysely);
          console.warn('The database is back: background jobs resume.');
          return;
        } catch (error) {
          if (!isDatabaseUnavailable(error)) return;
        }
      }
    })().finally(() => {
      this.waitingForDatabase = undefined;
    });
    return this.waitingForDatabase;
  }

  /** Writes a job's status and error; a lost database pauses and tries again. */
  private async record(id: string, status: JobStatus, error: string): Promise<void> {
    for (;;) {
      try {
        await this.db.kysely
          .updateTable('admin_jobs')
          .set({ status, error, updated_gmt: nowGmt() })
          .where('id', '=', id)
          .where('status', '=', 'running')
          .execute();
        return;
      } catch (failure) {
        if (!isDatabaseUnavailable(failure) || this.stopping) throw failure;
        await this.waitForDatabase();
      }
    }
  }

  private async run(id: string): Promise<void> {
    // Let the request that started the job answer first.
    await new Promise((resolve) => setImmediate(resolve));
    let failures = 0;
    while (!this.stopping) {
      // SQLite answers synchronously, so a loop of awaited steps is a chain of microtasks
      // that never lets the event loop take a request: an import held every request until it
      // finished. Each step now waits its turn behind the I/O that arrived meanwhile.
      await new Promise((resolve) => setImmediate(resolve));
      let job: Job<never, never> | undefined;
      try {
        job = await readJob<never, never>(this.db, id);
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        await this.waitForDatabase();
        continue;
      }
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
            // A step went through: an earlier failure's cause no longer applies.
            ...(failures > 0 ? { error: null } : {}),
            updated_gmt: nowGmt(),
          })
          .where('id', '=', id)
          .where('status', '=', 'running')
          .executeTakeFirst();
        if (done || Number(result.numUpdatedRows) === 0) return;
        failures = 0;
      } catch (error) {
        if (isDatabaseUnavailable(error)) {
          await this.waitForDatabase();
          continue;
        }
        // The real cause is kept on the job (the status routes show it), retried or not.
        const cause = error instanceof Error ? error.message : String(error);
        failures++;
        const retry = handler.retry;
        if (retry && failures < retry.attempts) {
          const delay = Math.min(
            retry.firstDelayMs * 2 ** (failures - 1),
            retry.maxDelayMs ?? 5 * 60_000,
          );
          console.error(`Job ${id} (${job.kind}) failed; retrying in ${delay} ms:`, error);
          await this.record(id, 'running', `${cause} (attempt ${failures}; retrying)`);
          await pause(delay, this.stopSignal);
          continue;
        }
        console.error(error);
        await this.record(id, 'failed', cause);
        return;
      }
    }
  }
}

import { hostname } from 'node:os';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { isDatabaseClosed, isDatabaseUnavailable } from '../db/faults';
import { forgetOwner, newOwner, ownerIsGone } from '../db/lease';
import { newRowId } from '../db/row-ids';

export { newOwner, ownerIsGone } from '../db/lease';

import { nowGmt } from '../clock';
import type { AdminJobTable } from '../db/schema';

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

/** The newest job of a kind (by creation time, then id). */
export async function latestJob<P, S>(db: Db, kind: string): Promise<Job<P, S> | undefined> {
  const row = await db.kysely
    .selectFrom('admin_jobs')
    .selectAll()
    .where('kind', '=', kind)
    .orderBy('created_gmt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? parseJob<P, S>(row) : undefined;
}

/** A new job id: epoch microseconds as digits (WooCommerce's "microtime" ids; row-ids.ts). */
export function newJobId(): string {
  return String(newRowId());
}

/** How long a claim on a job lasts unless renewed, by default (`STORELENS_JOB_LEASE_MS`). */
export const DEFAULT_JOB_LEASE_MS = 30_000;

/** The lease of this process's claims: `STORELENS_JOB_LEASE_MS`, else 30 s. */
export function jobLeaseMs(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.STORELENS_JOB_LEASE_MS);
  return Number.isInteger(n) && n >= 1_000 ? n : DEFAULT_JOB_LEASE_MS;
}

/** How a runner claims jobs. */
export interface RunnerOptions {
  /** How long a claim lasts unless renewed (default `jobLeaseMs()`). */
  leaseMs?: number;
}

/**
 * Marks a job cancelled without waiting for its loop (which stops before its next step): a
 * step may call it for its own job.
 */
export async function markCancelled(db: Db, id: string): Promise<void> {
  await db.kysely
    .updateTable('admin_jobs')
    .set({ status: 'cancelled', updated_gmt: nowGmt(), owner: null, lease_until_ms: null })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .execute();
}

/**
 * Runs background jobs whose progress lives in the database. Each job advances step by step,
 * the progress written after every step, so a restarted server resumes where the last
 * committed step left off. A cancel between steps is honoured (the progress write only
 * succeeds while the job is still running).
 *
 * Several processes may share one PostgreSQL database: each job is claimed by one runner at a
 * time (`owner`, with a lease renewed by a heartbeat while the runner lives). Runners look for
 * claimable jobs (no owner, a lapsed lease, or an owner process known to be dead) with
 * `FOR UPDATE SKIP LOCKED`, so two never take the same one; every progress write requires
 * the claim, so a runner that lost its job stops at its next step. (SQLite serves one
 * process; the same claims then only matter across restarts.)
 */
export class JobRunner {
  /** This runner's name in `admin_jobs.owner`. */
  readonly owner = newOwner(true);
  private readonly leaseMs: number;
  private timers: NodeJS.Timeout[] = [];
  private readonly handlers = new Map<string, JobHandler<never, never>>();
  private readonly loops = new Map<string, Promise<void>>();
  private stopping = false;
  private stopped!: () => void;
  /** Resolves when stop() is called: cuts every wait short. */
  private readonly stopSignal = new Promise<void>((resolve) => {
    this.stopped = resolve;
  });
  private waitingForDatabase: Promise<void> | undefined;
  /** The tail of each `serially` queue, by key. */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly db: Db,
    options: RunnerOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? jobLeaseMs();
  }

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
        owner: this.owner,
        lease_until_ms: Date.now() + this.leaseMs,
      })
      .execute();
    this.startTimers();
    this.launch(id);
    return id;
  }

  /**
   * Resumes every job left running by a process that stopped (after a restart), then keeps
   * renewing this runner's claims and looking for jobs another process left (its lease
   * lapsed), until `stop`.
   */
  async resume(): Promise<void> {
    if (this.stopping) return;
    this.startTimers();
    await this.claim();
  }

  /** The heartbeat that renews this runner's claims, and the look-out for jobs left by others. */
  private startTimers() {
    if (this.timers.length === 0 && !this.stopping) {
      const every = (ms: number, task: () => Promise<unknown>) => {
        const timer = setInterval(() => {
          task().catch((error: unknown) => {
            if (!isDatabaseUnavailable(error) && !isDatabaseClosed(error))
              console.error('Job runner:', error);
          });
        }, ms);
        timer.unref();
        this.timers.push(timer);
      };
      every(Math.max(250, Math.floor(this.leaseMs / 3)), () => this.heartbeat());
      every(Math.max(250, Math.min(5_000, Math.floor(this.leaseMs / 2))), () => this.claim());
    }
  }

  /** Renews the lease of every job this runner holds. */
  private async heartbeat(): Promise<void> {
    if (this.loops.size === 0) return;
    await this.db.kysely
      .updateTable('admin_jobs')
      .set({ lease_until_ms: Date.now() + this.leaseMs })
      .where('owner', '=', this.owner)
      .where('status', 'in', ['queued', 'running'])
      .execute();
  }

  /** Claims the jobs of our kinds that nobody holds, and starts them. */
  private async claim(): Promise<void> {
    if (this.stopping) return;
    const kinds = [...this.handlers.keys()];
    if (kinds.length === 0) return;
    const now = Date.now();
    const claimed = await this.db.kysely.transaction().execute(async (trx) => {
      let query = trx
        .selectFrom('admin_jobs')
        .select(['id', 'owner', 'lease_until_ms'])
        .where('status', 'in', ['queued', 'running'])
        .where('kind', 'in', kinds)
        // Only rows that may be claimable are locked: a live owner's renewals never wait.
        .where((eb) =>
          eb.or([
            eb('owner', 'is', null),
            eb('lease_until_ms', 'is', null),
            eb('lease_until_ms', '<', now),
            eb('owner', 'like', `${hostname().slice(0, 60)}:%`),
          ]),
        )
        .orderBy('created_gmt')
        .orderBy('id');
      if (this.db.engine === 'postgres') query = query.forUpdate().skipLocked();
      const rows = (await query.execute()).filter(
        (row) =>
          row.owner === null ||
          row.lease_until_ms === null ||
          Number(row.lease_until_ms) < now ||
          ownerIsGone(row.owner, this.owner),
      );
      const ids = rows.map((r) => r.id).filter((id) => !this.loops.has(id));
      if (ids.length === 0) return [];
      await trx
        .updateTable('admin_jobs')
        .set({ owner: this.owner, lease_until_ms: now + this.leaseMs })
        .where('id', 'in', ids)
        .execute();
      return ids;
    });
    for (const id of claimed) this.launch(id);
  }

  /**
   * Runs `work` after every earlier `serially` call with the same key has settled: a decision
   * that reads the jobs and then starts one (which import runs) is not taken twice at once.
   */
  serially<T>(key: string, work: () => Promise<T>): Promise<T> {
    const turn = (this.queues.get(key) ?? Promise.resolve()).then(work, work);
    const tail = turn.catch(() => undefined);
    this.queues.set(key, tail);
    void tail.then(() => {
      if (this.queues.get(key) === tail) this.queues.delete(key);
    });
    return turn;
  }

  /** Marks a job cancelled; its loop stops before the next step. */
  async cancel(id: string): Promise<void> {
    await markCancelled(this.db, id);
    await this.loops.get(id);
  }

  /** Waits for a job's loop to end (tests, shutdown). */
  async settled(id: string): Promise<void> {
    await this.loops.get(id);
  }

  /**
   * Stops after the steps in flight; jobs stay `running` in the database and resume later,
   * here after a restart or at once in another process (their claims are given up).
   */
  async stop(): Promise<void> {
    this.stopping = true;
    this.stopped();
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await Promise.all(this.loops.values());
    forgetOwner(this.owner);
    await this.db.kysely
      .updateTable('admin_jobs')
      .set({ owner: null, lease_until_ms: null })
      .where('owner', '=', this.owner)
      .where('status', 'in', ['queued', 'running'])
      .execute()
      .catch(() => {
        // A database already gone: the lease lapses by itself.
      });
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
          .set({
            status,
            error,
            updated_gmt: nowGmt(),
            ...(status === 'running' ? {} : { owner: null, lease_until_ms: null }),
          })
          .where('id', '=', id)
          .where('status', '=', 'running')
          .where('owner', '=', this.owner)
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
        // Each step starts by renewing the claim; a runner whose job was taken over (its
        // lease lapsed while it was cut off) or cancelled stops here.
        const renewed = await this.db.kysely
          .updateTable('admin_jobs')
          .set({ lease_until_ms: Date.now() + this.leaseMs })
          .where('id', '=', id)
          .where('owner', '=', this.owner)
          .where('status', '=', 'running')
          .executeTakeFirst();
        if (Number(renewed.numUpdatedRows) === 0) return;
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
            // A step went through: an earlier failure's cause no longer applies, whichever
            // run of the runner recorded it (a job resumed after a restart kept it before).
            ...(job.error !== null ? { error: null } : {}),
            updated_gmt: nowGmt(),
            // Every committed step renews the claim; a finished job has no owner.
            ...(done
              ? { owner: null, lease_until_ms: null }
              : { lease_until_ms: Date.now() + this.leaseMs }),
          })
          .where('id', '=', id)
          .where('status', '=', 'running')
          .where('owner', '=', this.owner)
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

import { threadId } from 'node:worker_threads';
import { expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { type JobHandler, JobRunner, ownerIsGone, readJob } from '../src/jobs/runner';
import { waitFor } from './connect-helpers';
import { describeEachEngine } from './harness';

/**
 * A job whose every step writes a row that may exist once (an option named by the step): a
 * step run twice, by two runners at once or again after a hand-over, fails the job.
 */
const onceHandler = (
  db: Parameters<typeof readJob>[0],
  ran: string[],
  who: string,
): JobHandler<{ steps: number }, { next: number }> => ({
  kind: 'claim-test',
  async step(job) {
    await db.kysely
      .insertInto('options')
      .values({ name: `claim-test-${job.id}-${job.progress.next}`, value: '1' })
      .execute();
    ran.push(who);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const next = job.progress.next + 1;
    return { progress: { next }, done: next >= job.params.steps };
  },
});

describeEachEngine('background jobs claimed by one runner at a time', (ctx) => {
  it('runs each step once while two runners watch the job, and hands it over on stop', async () => {
    const { db, engine } = ctx();
    // The second runner has a connection of its own, as another process would.
    const otherDb = engine === 'postgres' ? openDatabase(db.url, { schema: db.schema! }) : db;
    const ran: string[] = [];
    const first = new JobRunner(db, { leaseMs: 1_000 });
    const second = new JobRunner(otherDb, { leaseMs: 1_000 });
    first.register(onceHandler(db, ran, 'first'));
    second.register(onceHandler(otherDb, ran, 'second'));
    try {
      await first.resume();
      const id = await first.enqueue('claim-test', { steps: 60 }, { next: 0 });
      await second.resume(); // finds the job held by a live runner: leaves it
      await waitFor(
        async () => ran.length,
        (n) => n >= 10,
      );
      expect(ran.every((who) => who === 'first')).toBe(true);
      // A clean stop gives the claim up; the second runner goes on from the last step.
      await first.stop();
      const job = await waitFor(
        () => readJob<{ steps: number }, { next: number }>(db, id),
        (j) => j?.status !== 'running',
      );
      expect(job?.status).toBe('done');
      expect(job?.error).toBeNull();
      expect(ran).toHaveLength(60);
      expect(ran.at(-1)).toBe('second');
      const rows = await db.kysely
        .selectFrom('options')
        .select('name')
        .where('name', 'like', `claim-test-${id}-%`)
        .execute();
      expect(rows).toHaveLength(60);
    } finally {
      await first.stop();
      await second.stop();
      if (otherDb !== db) await otherDb.close();
    }
  }, 120_000);

  it('takes over at once a job whose owner process on this machine is gone', () => {
    const runner = new JobRunner(ctx().db);
    const host = runner.owner.split(':')[0]!;
    // No process has pid 2^22+1 on Linux (pid_max is at most 2^22).
    expect(ownerIsGone(`${host}:4194305:0:abc`, runner.owner)).toBe(true);
    // A live process (this one's parent) or another machine: wait for the lease.
    expect(ownerIsGone(`${host}:${process.ppid}:0:abc`, runner.owner)).toBe(false);
    expect(ownerIsGone(`elsewhere:4194305:0:abc`, runner.owner)).toBe(false);
    // This thread's open runner is alive; one of this thread that is not open is gone; one of
    // another thread of this process is left to its lease.
    expect(ownerIsGone(runner.owner, 'another')).toBe(false);
    expect(ownerIsGone(`${host}:${process.pid}:${threadId}:feedfacecafe`, runner.owner)).toBe(true);
    expect(ownerIsGone(`${host}:${process.pid}:${threadId + 1}:feedface`, runner.owner)).toBe(
      false,
    );
  });
});

import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { threadId } from 'node:worker_threads';
import type { Db } from './database';

/**
 * Names a claimant (a job runner, a lease holder): host, process id, thread id, and a random
 * part. `open` registers it as alive in this thread until `forgetOwner`.
 */
export function newOwner(open = false): string {
  const owner = `${hostname().slice(0, 60)}:${process.pid}:${threadId}:${randomBytes(6).toString('hex')}`;
  if (open) ownersOfThisThread.add(owner);
  return owner;
}

/**
 * Whether an owner (of a job or a lease) is certainly gone: a claimant of this machine whose
 * process no longer exists (or a closed claimant of this thread):
 * its claims are taken over at once instead of when their lease lapses.
 */
export function ownerIsGone(owner: string, self: string): boolean {
  if (owner === self) return false;
  const [host, pidText, thread] = owner.split(':');
  if (host !== hostname().slice(0, 60)) return false;
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  // This process: a runner of this thread that is not open any more (another thread's
  // runners are not known here: their lease decides).
  if (pid === process.pid) return thread === String(threadId) && !ownersOfThisThread.has(owner);
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Owners open in this thread (a closed one's claims may be taken over). */
const ownersOfThisThread = new Set<string>();

/** An owner of this thread closes: its claims left behind may be taken over at once. */
export function forgetOwner(owner: string): void {
  ownersOfThisThread.delete(owner);
}

/**
 * A named claim in the `leases` table, for work that one process at a time must do when
 * several share the database (applying webhook deliveries). Taking it is one conditional
 * write (free, lapsed, or already ours), atomic on both engines; while held it is renewed
 * every third of its length, so it lapses only when its process dies or hangs, and another
 * process takes it then.
 */
export class Lease {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    readonly name: string,
    readonly owner: string,
    private readonly ms: number,
  ) {}

  /** Takes (or renews) the lease; false while another live process holds it. */
  async acquire(now = Date.now()): Promise<boolean> {
    const until = now + this.ms;
    await this.db.kysely
      .insertInto('leases')
      .values({ name: this.name, owner: this.owner, until_ms: until })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const taken = await this.db.kysely
      .updateTable('leases')
      .set({ owner: this.owner, until_ms: until })
      .where('name', '=', this.name)
      .where((eb) => eb.or([eb('owner', '=', this.owner), eb('until_ms', '<', now)]))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 0 && !(await this.takeFromGone(until))) return false;
    if (!this.timer) {
      this.timer = setInterval(
        () => {
          this.renew().catch(() => {
            // A database gone: the lease lapses by itself, and the work waits for it anyway.
          });
        },
        Math.max(250, Math.floor(this.ms / 3)),
      );
      this.timer.unref();
    }
    return true;
  }

  /** Takes the lease from a holder known to be gone (a dead process of this machine). */
  private async takeFromGone(until: number): Promise<boolean> {
    const row = await this.db.kysely
      .selectFrom('leases')
      .select('owner')
      .where('name', '=', this.name)
      .executeTakeFirst();
    if (!row || !ownerIsGone(row.owner, this.owner)) return false;
    const taken = await this.db.kysely
      .updateTable('leases')
      .set({ owner: this.owner, until_ms: until })
      .where('name', '=', this.name)
      .where('owner', '=', row.owner)
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) > 0;
  }

  private async renew(): Promise<void> {
    await this.db.kysely
      .updateTable('leases')
      .set({ until_ms: Date.now() + this.ms })
      .where('name', '=', this.name)
      .where('owner', '=', this.owner)
      .execute();
  }

  /** Gives the lease up so another process may take it at once. */
  async release(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.db.kysely
      .deleteFrom('leases')
      .where('name', '=', this.name)
      .where('owner', '=', this.owner)
      .execute();
  }
}

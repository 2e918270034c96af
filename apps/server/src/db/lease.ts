import type { Db } from './database';

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
    if (Number(taken.numUpdatedRows) === 0) return false;
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

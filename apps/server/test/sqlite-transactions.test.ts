import { expect, it } from 'vitest';
import { scratchStore } from '../bench/scratch-store';
import { openDatabase } from '../src/db/database';

it('a transaction SQLite undid itself (disk full) fails with the real cause', async () => {
  const store = await scratchStore('sqlite', { prefix: 'storelens-full' });
  try {
    const { db } = store;
    const pages = Number(db.sqlite!.pragma('page_count', { simple: true }));
    // The database may not grow: the next pages it needs are "a full disk".
    db.sqlite!.pragma(`max_page_count = ${pages + 2}`);
    const write = db.kysely.transaction().execute(async (trx) => {
      for (let i = 0; i < 200; i++) {
        await trx
          .insertInto('options')
          .values({ name: `filler_${i}`, value: JSON.stringify('x'.repeat(20_000)) })
          .execute();
      }
    });
    await expect(write).rejects.toThrow(/full/i);
    await write.catch((error: Error) => expect(error.message).not.toMatch(/cannot rollback/));
    expect(db.sqlite!.inTransaction).toBe(false);
    // Nothing of the failed transaction was kept, and the store still works.
    db.sqlite!.pragma('max_page_count = 1073741823');
    const kept = await db.kysely
      .selectFrom('options')
      .select('name')
      .where('name', 'like', 'filler_%')
      .execute();
    expect(kept).toEqual([]);
  } finally {
    await store.drop();
  }
});

it("a transaction that read waits for another connection's write instead of failing", async () => {
  // The request thread and the job worker each have a connection to the store file. A
  // transaction that reads and then writes (an ingestion batch, a job claim) must not fail
  // because the other connection committed between its read and its write.
  const store = await scratchStore('sqlite', { prefix: 'storelens-writers' });
  const other = openDatabase(store.url);
  try {
    // The other connection gives up at once rather than blocking this thread for 5 s.
    other.sqlite!.pragma('busy_timeout = 0');
    await store.db.kysely.insertInto('options').values({ name: 'counter', value: '1' }).execute();
    let otherWrite: unknown;
    await store.db.kysely.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('options')
        .select('value')
        .where('name', '=', 'counter')
        .executeTakeFirstOrThrow();
      try {
        other.sqlite!.prepare("UPDATE options SET value = '100' WHERE name = 'counter'").run();
      } catch (error) {
        otherWrite = error;
      }
      await trx
        .updateTable('options')
        .set({ value: String(Number(row.value) + 1) })
        .where('name', '=', 'counter')
        .execute();
    });
    // The transaction held the write lock from its start: the other writer was told to wait
    // (SQLITE_BUSY, which callers retry), and the read-then-write went through.
    expect((otherWrite as { code?: string } | undefined)?.code).toBe('SQLITE_BUSY');
    const after = await store.db.kysely
      .selectFrom('options')
      .select('value')
      .where('name', '=', 'counter')
      .executeTakeFirstOrThrow();
    expect(after.value).toBe('2');
  } finally {
    await other.kysely.destroy();
    await store.drop();
  }
});

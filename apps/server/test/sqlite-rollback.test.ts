import { expect, it } from 'vitest';
import { scratchStore } from '../bench/scratch-store';

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

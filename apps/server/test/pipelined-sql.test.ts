import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScratchStore, scratchStore } from '../bench/scratch-store';
import { pipelinedTransaction, RawSql } from '../src/db/sql';

const postgresUrl = process.env.TEST_POSTGRES_URL;

// Ingestion sends its writes without waiting for them (RawSql.pipelined, db/sql.ts): they
// must still run in order, be seen by the reads after them, and fail loudly. PostgreSQL turns
// the COMMIT of a transaction whose statement failed into a rollback without an error, so a
// failure nobody waited for would lose the batch silently.
describe.skipIf(!postgresUrl)('pipelined writes [postgres]', () => {
  let store: ScratchStore;
  beforeAll(async () => {
    store = await scratchStore('postgres', { prefix: 'pipe', postgresUrl });
    await new RawSql(store.db.kysely, 'postgres').run(
      'CREATE TABLE pipe_rows (id bigint PRIMARY KEY, label text NOT NULL)',
    );
  });
  afterAll(async () => {
    await store?.drop();
  });

  const rows = (from: number, count: number) =>
    Array.from({ length: count }, (_, i) => [from + i, `row ${from + i}\twith a tab`]);
  const count = async () =>
    Number(
      (
        await new RawSql(store.db.kysely, 'postgres').query<{ n: number }>(
          'SELECT COUNT(*) AS n FROM pipe_rows',
        )
      )[0]!.n,
    );

  it('runs the writes in order, and a read sees every write sent before it', async () => {
    await new RawSql(store.db.kysely, 'postgres').run('DELETE FROM pipe_rows');
    const seen = await pipelinedTransaction(store.db, async (sql) => {
      // 5,000 rows go through COPY, 10 through INSERT; the DELETE must follow both.
      await sql.insertMany('pipe_rows', ['id', 'label'], rows(1, 5000));
      await sql.insertMany('pipe_rows', ['id', 'label'], rows(10_001, 10));
      await sql.run('DELETE FROM pipe_rows WHERE id > ?', [4990]);
      await sql.run("UPDATE pipe_rows SET label = 'first' WHERE id = 1");
      const read = await sql.query<{ n: number; label: string }>(
        'SELECT COUNT(*) AS n, MAX(CASE WHEN id = 1 THEN label END) AS label FROM pipe_rows',
      );
      return read[0]!;
    });
    expect(Number(seen.n)).toBe(4990);
    expect(seen.label).toBe('first');
    expect(await count()).toBe(4990);
  });

  it('does not wait for a write: its failure is thrown by settle, and nothing is committed', async () => {
    await new RawSql(store.db.kysely, 'postgres').run('DELETE FROM pipe_rows');
    let returnedBeforeFailure = false;
    const outcome = pipelinedTransaction(store.db, async (sql) => {
      await sql.insertMany('pipe_rows', ['id', 'label'], rows(1, 3000));
      // A duplicate key, sent through COPY: the call returns before PostgreSQL refuses it.
      await sql.insertMany('pipe_rows', ['id', 'label'], rows(2000, 3000));
      returnedBeforeFailure = true;
      await sql.run("UPDATE pipe_rows SET label = 'after' WHERE id = 1");
    });
    await expect(outcome).rejects.toMatchObject({ code: '23505' });
    expect(returnedBeforeFailure).toBe(true);
    expect(await count()).toBe(0);
  });

  it('when the work throws, the writes it sent end before the rollback, and none is kept', async () => {
    await new RawSql(store.db.kysely, 'postgres').run('DELETE FROM pipe_rows');
    const outcome = pipelinedTransaction(store.db, async (sql) => {
      await sql.insertMany('pipe_rows', ['id', 'label'], rows(1, 3000));
      await sql.insertMany('pipe_rows', ['id', 'label'], rows(3001, 3000));
      await sql.run("UPDATE pipe_rows SET label = 'late' WHERE id = 1");
      throw new Error('the batch could not be built');
    });
    await expect(outcome).rejects.toThrow('the batch could not be built');
    // A statement sent after the ROLLBACK would have run on its own and been kept.
    expect(await count()).toBe(0);
  });

  it('a read after a failed write throws the write’s own error', async () => {
    const outcome = store.db.kysely.transaction().execute(async (trx) => {
      const sql = RawSql.pipelined(trx, 'postgres');
      await sql.run('INSERT INTO pipe_rows (id, label) VALUES (?, NULL)', [1]);
      await sql.query('SELECT COUNT(*) FROM pipe_rows');
    });
    // 23502: not_null_violation, not 25P02 (in_failed_sql_transaction) from the read itself.
    await expect(outcome).rejects.toMatchObject({ code: '23502' });
  });

  it('is plain outside a transaction: each write is waited for', async () => {
    const sql = RawSql.pipelined(store.db.kysely, 'postgres');
    await expect(
      sql.run('INSERT INTO pipe_rows (id, label) VALUES (?, NULL)', [1]),
    ).rejects.toMatchObject({ code: '23502' });
  });
});

import fc from 'fast-check';
import { expect, it } from 'vitest';
import { RawSql } from '../src/db/sql';
import { describeEachEngine } from './harness';

// insertMany writes SQLite rows in fixed-size multi-row statements plus single-row ones for
// the rest; any count of rows must land whole and in the right columns, upserts included.
describeEachEngine('RawSql.insertMany', (ctx) => {
  const sql = () => new RawSql(ctx().db.kysely, ctx().db.engine, ctx().db.sqlite);

  it('writes every row, with its values in their columns, for any row count (property)', async () => {
    await sql().run('CREATE TABLE IF NOT EXISTS raw_rows (k bigint PRIMARY KEY, a bigint, b text)');
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 140 }), async (count) => {
        await sql().run('DELETE FROM raw_rows');
        const rows = Array.from({ length: count }, (_, i) => [i, i * 3, `r${i}`]);
        await sql().insertMany('raw_rows', ['k', 'a', 'b'], rows);
        const back = await sql().query<{ k: number; a: number; b: string }>(
          'SELECT k, a, b FROM raw_rows ORDER BY k',
        );
        expect(back.map((r) => [Number(r.k), Number(r.a), r.b])).toEqual(rows);
      }),
      { numRuns: 25 },
    );
  });

  it('adds value columns on conflict, in the multi-row statements too', async () => {
    await sql().run('CREATE TABLE IF NOT EXISTS raw_sums (k bigint PRIMARY KEY, n bigint)');
    const rows = Array.from({ length: 70 }, (_, i) => [i, 1]);
    const add = { keys: ['k'], mode: 'add' as const };
    await sql().insertMany('raw_sums', ['k', 'n'], rows, add);
    await sql().insertMany('raw_sums', ['k', 'n'], rows, add);
    const back = await sql().query<{ n: number }>('SELECT n FROM raw_sums');
    expect(back).toHaveLength(70);
    expect(back.every((r) => Number(r.n) === 2)).toBe(true);
  });

  it('refuses a row with the wrong number of values', async () => {
    await sql().run('CREATE TABLE IF NOT EXISTS raw_short (k bigint PRIMARY KEY, a bigint)');
    const rows: unknown[][] = Array.from({ length: 40 }, (_, i) => [i, i]);
    rows[5] = [5];
    await expect(sql().insertMany('raw_short', ['k', 'a'], rows)).rejects.toThrow();
    const back = await sql().query<{ n: number }>('SELECT COUNT(*) AS n FROM raw_short');
    expect(Number(back[0]!.n)).toBe(0);
  });

  // On PostgreSQL, 2,000 rows or more inside a transaction go through COPY (text format): any
  // text must come back as written, NULL stay NULL, and an upsert add as with INSERT.
  it('copies large batches exactly: any text, nulls, and upserts that add (property)', async () => {
    const { db } = ctx();
    await sql().run(
      'CREATE TABLE IF NOT EXISTS raw_copy (k bigint PRIMARY KEY, n bigint NOT NULL, t text, x double precision)',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.string(), fc.constantFrom('\\N', '\t', '\\', '\r\n', 'a\\tb', '')), {
          minLength: 1,
          maxLength: 20,
        }),
        async (texts) => {
          await sql().run('DELETE FROM raw_copy');
          const rows = Array.from({ length: 2_100 }, (_, i) => [
            i,
            i * 7,
            i % 13 === 0 ? null : texts[i % texts.length]!.split(String.fromCharCode(0)).join(''),
            i / 8,
          ]);
          const add = { keys: ['k'], mode: 'add' as const };
          await db.kysely.transaction().execute(async (trx) => {
            const tx = new RawSql(trx, db.engine, db.sqlite);
            await tx.insertMany('raw_copy', ['k', 'n', 't', 'x'], rows.slice(0, 2_050));
            // Every key again, as an upsert that adds n (new keys are inserted with n = 1).
            await tx.insertMany(
              'raw_copy',
              ['k', 'n'],
              rows.map((r) => [r[0], 1]),
              add,
            );
          });
          const back = await sql().query<{ k: number; n: number; t: string | null; x: number }>(
            'SELECT k, n, t, x FROM raw_copy ORDER BY k',
          );
          expect(back).toHaveLength(2_100);
          back.forEach((r, i) => {
            const inserted = i < 2_050;
            expect(Number(r.n)).toBe(inserted ? i * 7 + 1 : 1);
            expect(r.t).toBe(inserted ? rows[i]![2] : null);
            if (inserted) expect(Number(r.x)).toBe(i / 8);
          });
        },
      ),
      { numRuns: 8 },
    );
  }, 120_000);
});

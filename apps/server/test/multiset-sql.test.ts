import fc from 'fast-check';
import { expect, it } from 'vitest';
import { ADD_MULTISETS_SQL, addMultisets, formatMultiset } from '../src/db/multiset';
import { RawSql } from '../src/db/sql';
import { describeEachEngine } from './harness';

// Revenue rollup upserts merge coupon multisets in the database: SQLite calls the JavaScript
// function registered on the connection, PostgreSQL a stored SQL function (migration 011).
// Both must write exactly what the JavaScript sum writes, or rollups would drift from a fresh
// ingest.
describeEachEngine('add_multisets in SQL', (ctx) => {
  const multiset = fc
    .array(fc.tuple(fc.integer({ min: 1, max: 99_999_999 }), fc.integer({ min: -3, max: 20 })), {
      maxLength: 8,
    })
    .map((entries) => formatMultiset(new Map(entries)));

  const inSql = async (a: string, b: string) => {
    const { db } = ctx();
    const sql = new RawSql(db.kysely, db.engine, db.sqlite);
    const rows = await sql.query<{ sum: string }>(`SELECT ${ADD_MULTISETS_SQL}(?, ?) AS sum`, [
      a,
      b,
    ]);
    return rows[0]!.sum;
  };

  it('equals addMultisets (property)', async () => {
    await fc.assert(
      fc.asyncProperty(multiset, multiset, async (a, b) => {
        expect(await inSql(a, b)).toBe(addMultisets(a, b));
      }),
      { numRuns: 60 },
    );
  });

  it('cancels to the empty text and keeps ids ascending numerically', async () => {
    expect(await inSql('3:1,12:2', '3:-1,12:-2')).toBe('');
    expect(await inSql('9:1,100:2', '20:1')).toBe('9:1,20:1,100:2');
    expect(await inSql('', '')).toBe('');
  });
});

import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, reusingStatements } from './database';

describe('reusingStatements', () => {
  const handles: SQLite.Database[] = [];
  const open = () => {
    const handle = new SQLite(':memory:');
    handles.push(handle);
    handle.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
    handle.exec("INSERT INTO t (v) VALUES ('a'), ('b'), ('c')");
    return handle;
  };
  afterEach(() => {
    for (const h of handles.splice(0)) if (h.open) h.close();
  });

  it('hands back the statement it prepared for the same SQL', () => {
    const db = reusingStatements(open());
    const first = db.prepare('SELECT v FROM t WHERE id = ?');
    expect(db.prepare('SELECT v FROM t WHERE id = ?')).toBe(first);
    expect(db.prepare('SELECT v FROM t WHERE id = ?').get(2)).toEqual({ v: 'b' });
    expect(db.prepare('SELECT id FROM t')).not.toBe(first);
  });

  it('never hands out a statement that is still being iterated', () => {
    const db = reusingStatements(open());
    const sql = 'SELECT v FROM t ORDER BY id';
    const iterator = db.prepare(sql).iterate() as IterableIterator<{ v: string }>;
    expect(iterator.next().value).toEqual({ v: 'a' });
    // The same query meanwhile (another request's) gets a statement of its own.
    expect(db.prepare(sql).all()).toEqual([{ v: 'a' }, { v: 'b' }, { v: 'c' }]);
    expect([...iterator]).toEqual([{ v: 'b' }, { v: 'c' }]);
  });

  it('keeps at most `max` statements, dropping the least recently used', () => {
    const db = reusingStatements(open(), 2);
    const one = db.prepare('SELECT 1');
    const two = db.prepare('SELECT 2');
    expect(db.prepare('SELECT 1')).toBe(one);
    db.prepare('SELECT 3');
    // `SELECT 2` was the least recently used of the three.
    expect(db.prepare('SELECT 1')).toBe(one);
    expect(db.prepare('SELECT 2')).not.toBe(two);
  });

  it('reads a changed schema through a kept statement', () => {
    const db = reusingStatements(open());
    const sql = 'SELECT * FROM t WHERE id = 1';
    expect(db.prepare(sql).get()).toEqual({ id: 1, v: 'a' });
    db.prepare('ALTER TABLE t ADD COLUMN w TEXT').run();
    db.prepare("UPDATE t SET w = 'x'").run();
    expect(db.prepare(sql).get()).toEqual({ id: 1, v: 'a', w: 'x' });
  });

  it('serves Kysely on a SQLite store: the same query twice, inside and outside a transaction', async () => {
    const db = openDatabase('file::memory:');
    try {
      await db.kysely.schema.createTable('k').addColumn('id', 'integer').execute();
      const read = () =>
        db.kysely
          .selectFrom('k' as never)
          .selectAll()
          .execute();
      await db.kysely
        .insertInto('k' as never)
        .values({ id: 1 } as never)
        .execute();
      expect(await read()).toEqual([{ id: 1 }]);
      await db.kysely.transaction().execute(async (trx) => {
        await trx
          .insertInto('k' as never)
          .values({ id: 2 } as never)
          .execute();
      });
      expect(await read()).toEqual([{ id: 1 }, { id: 2 }]);
    } finally {
      await db.close();
    }
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, SQLITE_PAGE_SIZE } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';

describe('SQLite connection settings', () => {
  const dir = mkdtempSync(join(tmpdir(), 'storelens-settings-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('creates new databases with 16 KiB pages, WAL and memory-mapped reads', async () => {
    const db = openDatabase(`file:${join(dir, 'new.sqlite')}`);
    await migrateToLatest(db);
    expect(db.sqlite!.pragma('page_size', { simple: true })).toBe(SQLITE_PAGE_SIZE);
    expect(db.sqlite!.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(Number(db.sqlite!.pragma('mmap_size', { simple: true }))).toBeGreaterThan(0);
    await db.close();
  });

  it('opens an existing database with its own page size and keeps working', async () => {
    const path = join(dir, 'old.sqlite');
    const old = new SQLite(path);
    old.pragma('page_size = 4096');
    old.pragma('journal_mode = WAL');
    old.exec('CREATE TABLE kept (id INTEGER PRIMARY KEY)');
    old.close();
    const db = openDatabase(`file:${path}`);
    await migrateToLatest(db);
    expect(db.sqlite!.pragma('page_size', { simple: true })).toBe(4096);
    expect(db.sqlite!.prepare('SELECT count(*) AS n FROM orders').get()).toEqual({ n: 0 });
    await db.close();
  });
});

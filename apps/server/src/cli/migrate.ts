/**
 * `npm run migrate -- <command>`: the store's schema version, for the machine's owner.
 *
 *   status       lists every migration this version knows, applied (when) or pending
 *   to NAME      leaves exactly the migrations up to NAME applied (undoing the later ones)
 *
 * A start applies every pending migration by itself; `to` is for going back to an older
 * version of Storelens, which refuses a store migrated past its own latest migration.
 */

import { readConfig } from '../config';
import { type Db, openDatabase } from '../db/database';
import { migrateTo, migrationStatus } from '../db/migrate';
import { withStartupLock } from '../store';
import { runCommand } from './run-command';

const USAGE = 'Usage: npm run migrate -- status | to NAME';

/** Runs one command; returns the lines to print, or throws with a message for the user. */
export async function migrateCommand(db: Db, args: readonly string[]): Promise<string[]> {
  const [command, name] = args;
  if (command === 'status' && args.length === 1) {
    return (await migrationStatus(db)).map(
      (m) => `${m.name}\t${m.appliedAt ? `applied ${m.appliedAt.toISOString()}` : 'pending'}`,
    );
  }
  if (command === 'to' && name && args.length === 2) {
    // A process starting meanwhile waits instead of migrating half-way through (and once
    // started, this version applies them again: its processes are to be stopped first).
    const ran = await withStartupLock(db, () => migrateTo(db, name));
    if (ran.length === 0) return [`The store is at ${name} already.`];
    return [
      ...ran.map((m) => `${m.direction === 'Down' ? 'undone' : 'applied'}\t${m.name}`),
      `The store is at ${name}.`,
    ];
  }
  throw new Error(USAGE);
}

async function main(): Promise<string[]> {
  const db = openDatabase(readConfig().databaseUrl);
  try {
    return await migrateCommand(db, process.argv.slice(2));
  } finally {
    await db.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) runCommand(main);

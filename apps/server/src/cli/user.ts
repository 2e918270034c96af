/**
 * `npm run user -- <command>`: account tasks for the machine's owner, who reaches the database
 * directly (for example a locked-out administrator).
 *
 *   reset-password EMAIL   prints a one-time link (valid 24 hours) to choose a new password
 *   list                   lists the accounts and their roles
 */

import { dashboardLink, LINK_PATHS } from '../auth/routes';
import { issueToken, listUsers, userByEmail } from '../auth/users';
import { readConfig } from '../config';
import type { Db } from '../db/database';
import { openStore } from '../store';
import { runCommand } from './run-command';

/** Runs one command; returns the lines to print, or throws with a message for the user. */
export async function userCommand(
  db: Db,
  args: readonly string[],
  origin: string,
): Promise<string[]> {
  const [command, email] = args;
  if (command === 'reset-password' && email) {
    const found = await userByEmail(db, email);
    if (!found) throw new Error(`No account has the e-mail address ${email}.`);
    const token = await issueToken(
      db,
      found.user.status === 'pending' ? 'invite' : 'reset',
      found.user.id,
    );
    return [
      `Open this link to choose a new password for ${found.user.email} (valid 24 hours, once):`,
      `  ${dashboardLink(origin, LINK_PATHS.reset, token)}`,
    ];
  }
  if (command === 'list') {
    return (await listUsers(db)).map(
      (u) => `${u.id}\t${u.email}\t${u.role}\t${u.status}\t${u.lastLogin ?? 'never logged in'}`,
    );
  }
  throw new Error('Usage: npm run user -- reset-password EMAIL | list');
}

async function main(): Promise<string[]> {
  const config = readConfig();
  const db = await openStore(config.databaseUrl);
  try {
    const origin = config.publicUrl ?? `http://127.0.0.1:${config.port || 8080}`;
    return await userCommand(db, process.argv.slice(2), origin);
  } finally {
    await db.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) runCommand(main);

import type { Db } from '../db/database';
import { dashboardLink, LINK_PATHS } from './routes';
import { countUsers, createUser, issueToken } from './users';

/**
 * When no account exists: creates the administrator from STORELENS_ADMIN_EMAIL/_PASSWORD, or
 * answers a one-time setup link for `npm start` to print. Undefined once the store has users.
 */
export async function firstRun(
  db: Db,
  origin: string,
  admin?: { email: string; password: string },
): Promise<{ created: string } | { setupUrl: string } | undefined> {
  if ((await countUsers(db)) > 0) return undefined;
  if (admin) {
    const user = await createUser(db, {
      email: admin.email,
      name: admin.email,
      role: 'administrator',
      password: admin.password,
    });
    return { created: user.email };
  }
  const token = await issueToken(db, 'setup', null);
  return { setupUrl: dashboardLink(origin, LINK_PATHS.setup, token) };
}

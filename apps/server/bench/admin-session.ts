import { SESSION_COOKIE } from '../src/auth/plugin';
import { newToken } from '../src/auth/secrets';
import { createUser, openSession, userByEmail } from '../src/auth/users';
import type { Db } from '../src/db/database';

/** The e-mail of the benches' administrator account. */
export const BENCH_ADMIN_EMAIL = 'bench-administrator@storelens.test';

/**
 * Headers of a real signed-in session (cookie and REST nonce) of an administrator account
 * made for the benches (created the first time, active with a random password nobody keeps:
 * an account without one is pending, and a pending account's session is refused): the
 * benches' requests pass the same authentication as the dashboard's.
 */
export async function benchAdminHeaders(db: Db): Promise<{ cookie: string; 'x-wp-nonce': string }> {
  const user =
    (await userByEmail(db, BENCH_ADMIN_EMAIL))?.user ??
    (await createUser(db, {
      email: BENCH_ADMIN_EMAIL,
      name: 'Bench',
      role: 'administrator',
      password: newToken(),
    }));
  const session = await openSession(db, user.id);
  return { cookie: `${SESSION_COOKIE}=${session.token}`, 'x-wp-nonce': session.nonce };
}

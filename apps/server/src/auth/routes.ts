import {
  AccountLinkInfo,
  ApplicationPasswordItem,
  ApplicationPasswordsResponse,
  DeletedApplicationPasswordResponse,
  DeletedApplicationPasswordsResponse,
  DeletedUserResponse,
  InviteResponse,
  LoginResponse,
  LogoutResponse,
  NewApplicationPassword,
  PasswordResetResponse,
  UserLinkResponse,
  WpUser,
  WpUsersResponse,
} from '@storelens/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../analytics/paging';
import type { Db } from '../db/database';
import { ApiError } from '../errors';
import { sendMail } from '../mail';
import { answers } from '../wp-conventions';
import { withCapability } from './capability';
import { authError } from './errors';
import { type AuthOptions, addressKey, sessionToken, setSessionCookie } from './plugin';
import { capabilitiesOf, isRole, ROLE_NAMES, ROLES } from './roles';
import { decoyHash, hashing } from './secrets';
import {
  authNow,
  clearAccountBackoff,
  countFailure,
  hit,
  LIMITS,
  pairKey,
  resetMailKey,
  retryAfter,
  takeTurn,
  throttleState,
  tooManyAttempts,
} from './throttle';
import {
  closeSession,
  consumeToken,
  countAdministrators,
  countUsers,
  createApplicationPassword,
  createUser,
  DuplicateEmail,
  deleteApplicationPasswords,
  deleteUser,
  issueToken,
  listApplicationPasswords,
  listUsers,
  MAX_PASSWORD,
  MIN_PASSWORD,
  mergeMeta,
  normalEmail,
  openSession,
  peekToken,
  type TokenKind,
  type User,
  updateUser,
  userByEmail,
  userById,
} from './users';

/** Options of the account routes. */
export interface AccountRouteOptions extends AuthOptions {
  /** `STORELENS_PUBLIC_URL`: the origin of links; else the request's own. */
  publicUrl?: string;
  smtpUrl?: () => string | undefined;
}

/** The dashboard's address of a page of this issue (`path` is the in-app route). */
export const dashboardLink = (origin: string, path: string, token: string) =>
  `${origin}/wp-admin/admin.php?page=wc-admin&path=${encodeURIComponent(path)}&token=${encodeURIComponent(token)}`;

/** The in-app route each one-time link opens. */
export const LINK_PATHS: Record<TokenKind, string> = {
  setup: '/setup',
  invite: '/accept-invitation',
  reset: '/accept-invitation',
};

type Body = Record<string, unknown>;
const bodyOf = (request: FastifyRequest): Body =>
  request.body && typeof request.body === 'object' && !Array.isArray(request.body)
    ? (request.body as Body)
    : {};

/** A string parameter, or a 400 naming it. */
function text(body: Body, name: string, opts: { required?: boolean; max?: number } = {}) {
  const value = body[name];
  if (value === undefined || value === null || value === '') {
    if (opts.required) throw ApiError.invalidParams({ [name]: `${name} is required.` });
    return undefined;
  }
  if (typeof value !== 'string' || value.length > (opts.max ?? 191))
    throw ApiError.invalidParams({
      [name]: `${name} must be a string of at most ${opts.max ?? 191} characters.`,
    });
  return value;
}

function emailParam(body: Body, name = 'email'): string {
  const value = text(body, name, { required: true })!;
  // A deliberately loose check (one @, a dot in the domain, no spaces): delivery is the test.
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()))
    throw ApiError.invalidParams({ [name]: `${name} must be an e-mail address.` });
  return normalEmail(value);
}

function passwordParam(body: Body, name = 'password'): string {
  const value = text(body, name, { required: true, max: MAX_PASSWORD })!;
  if (value.length < MIN_PASSWORD)
    throw ApiError.invalidParams({
      [name]: `${name} must be at least ${MIN_PASSWORD} characters long.`,
    });
  return value;
}

function roleParam(body: Body, required: boolean) {
  const value = body.role;
  if (value === undefined && !required) return undefined;
  if (!isRole(value))
    throw ApiError.invalidParams({ role: `role is not one of ${ROLES.join(', ')}.` });
  return value;
}

/** The WordPress shape of a user. */
export function wpUser(user: User, withMeta = true): WpUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    slug: user.email.split('@')[0]!.replace(/[^a-z0-9_-]+/g, '-'),
    roles: [user.role],
    capabilities: capabilitiesOf(user.role),
    woocommerce_meta: withMeta ? user.meta : {},
    status: user.status,
    registered_date: user.created.replace(' ', 'T'),
    last_login: user.lastLogin?.replace(' ', 'T') ?? null,
  };
}

/** The signed-in user of a request the hook let through (its route needs `read` or more). */
async function me(db: Db, request: FastifyRequest): Promise<User> {
  const id = request.authUser?.id;
  const user = id ? await userById(db, id) : undefined;
  if (!user) throw authError('rest_not_logged_in');
  return user;
}

function idParam(request: FastifyRequest): number {
  const raw = (request.params as { id: string }).id;
  const id = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(id))
    throw ApiError.invalidParams({ id: 'id must be a user id.' });
  return id;
}

/** The e-mail with a password reset link; the address is the only thing it trusts from outside. */
export function resetMail(to: string, link: string) {
  return {
    to,
    subject: 'Choose a new Storelens password',
    text: `Someone asked to reset the password of the Storelens account ${to}. To choose a new password, open this link (valid for 24 hours, once): ${link}\n\nIf it was not you, ignore this e-mail: your password stays as it is.`,
    html: `<p>Someone asked to reset the password of the Storelens account ${escapeHtml(to)}.</p><p><a href="${escapeHtml(link)}">Choose a new password</a> (the link is valid for 24 hours, once).</p><p>If it was not you, ignore this e-mail: your password stays as it is.</p>`,
  };
}

/** Registers the account routes (login, setup, links, users, application passwords). */
export function accountRoutes(app: FastifyInstance, db: Db, options: AccountRouteOptions) {
  const origin = (request: FastifyRequest) =>
    options.publicUrl?.replace(/\/+$/, '') ??
    `${request.protocol}://${request.headers.host ?? '127.0.0.1'}`;

  /** Opens a session for `user` on this browser: the cookie and the login answer. */
  async function signIn(request: FastifyRequest, reply: FastifyReply, user: User) {
    const session = await openSession(db, user.id);
    setSessionCookie(request, reply, options, session.token);
    return {
      user: { id: user.id, email: user.email, name: user.name, role: user.role },
      nonce: session.nonce,
    } satisfies LoginResponse;
  }

  const v1 = '/wp-json/storelens/v1';
  const mailUrl = () => (options.smtpUrl ?? (() => process.env.SMTP_URL || undefined))();

  /** Refuses a one-time link try from a throttled address (429), before the token is read. */
  async function linkAllowed(request: FastifyRequest, reply: FastifyReply) {
    const { waitMs } = await throttleState(db, { address: addressKey(request) });
    if (waitMs > 0) tooManyAttempts(reply, waitMs);
  }

  /** Counts a wrong one-time link against the client's address, and answers it. */
  async function linkFailed(request: FastifyRequest): Promise<never> {
    await countFailure(db, { address: addressKey(request) }, authNow(db));
    throw authError('storelens_invalid_link');
  }

  withCapability(app, 'public', () => {
    app.post(
      `${v1}/login`,
      answers(LoginResponse),
      async (request, reply): Promise<LoginResponse> => {
        const body = bodyOf(request);
        const email = normalEmail(text(body, 'email', { required: true })!);
        const password = text(body, 'password', { required: true, max: MAX_PASSWORD })!;
        // Counted before the password is checked: tries sent at once beyond the limits are
        // refused unchecked (throttle.ts).
        const turn = await takeTurn(db, {
          address: addressKey(request),
          pair: pairKey('login', email, request.ip),
        });
        if ('waitMs' in turn) tooManyAttempts(reply, turn.waitMs);
        const found = await userByEmail(db, email);
        // The same work and the same answer whether the account exists or not.
        const ok = await hashing.verifyPassword(
          password,
          found?.passwordHash || (await decoyHash()),
        );
        if (!found || !ok || found.user.status !== 'active')
          throw authError('storelens_invalid_login');
        await turn.succeeded();
        return signIn(request, reply, found.user);
      },
    );

    // First run: `npm start` prints the setup link while no account exists.
    app.post(
      `${v1}/setup`,
      answers(LoginResponse),
      async (request, reply): Promise<LoginResponse> => {
        const body = bodyOf(request);
        const token = text(body, 'token', { required: true, max: 200 })!;
        if ((await countUsers(db)) > 0) throw authError('storelens_setup_done');
        const email = emailParam(body);
        const password = passwordParam(body);
        const name = text(body, 'name') ?? email;
        await linkAllowed(request, reply);
        if (!(await consumeToken(db, 'setup', token))) await linkFailed(request);
        const user = await createUser(db, { email, name, role: 'administrator', password });
        return signIn(request, reply, user);
      },
    );

    // "Forgot password?": e-mails a one-time reset link (24 hours), which the invitation page
    // opens. Only with STORELENS_PUBLIC_URL: a link built from the request's Host header
    // would let a stranger mail the owner a link to their own site carrying the owner's token.
    app.post(
      `${v1}/password-reset`,
      answers(PasswordResetResponse),
      async (request, reply): Promise<PasswordResetResponse> => {
        const smtpUrl = mailUrl();
        if (!smtpUrl || !options.publicUrl) throw authError('storelens_password_reset_unavailable');
        const email = emailParam(bodyOf(request));
        const now = authNow(db);
        const address = `reset:${addressKey(request)}`;
        const wait = await retryAfter(db, address, LIMITS.resetRequests, now);
        if (wait > 0) tooManyAttempts(reply, wait);
        await hit(db, address, LIMITS.resetRequests, now);
        const found = await userByEmail(db, email);
        const account = resetMailKey(email);
        if (
          found?.user.status === 'active' &&
          (await retryAfter(db, account, LIMITS.resetMails, now)) === 0
        ) {
          await hit(db, account, LIMITS.resetMails, now);
          const token = await issueToken(db, 'reset', found.user.id);
          const link = dashboardLink(origin(request), LINK_PATHS.reset, token);
          try {
            await sendMail(smtpUrl, resetMail(found.user.email, link));
          } catch (error) {
            // Answered as a success all the same: a different answer would tell who has an
            // account. The log says why no mail arrived.
            request.log.error({ err: error }, 'the password reset e-mail was not sent');
          }
        }
        return { requested: true };
      },
    );

    // Invitations and password resets: what the link is for, then setting name and password.
    // A wrong link counts as a failed try of the client's address (throttle.ts).
    const linkPath = `${v1}/account-links/:token`;
    const linkOf = async (request: FastifyRequest, reply: FastifyReply) => {
      await linkAllowed(request, reply);
      const token = (request.params as { token: string }).token;
      for (const kind of ['invite', 'reset', 'setup'] as const) {
        const found = await peekToken(db, kind, token);
        if (found) return { token, kind, userId: found.userId };
      }
      return linkFailed(request);
    };
    app.get(
      linkPath,
      answers(AccountLinkInfo),
      async (request, reply): Promise<AccountLinkInfo> => {
        const link = await linkOf(request, reply);
        if (link.kind === 'setup') {
          if ((await countUsers(db)) > 0) throw authError('storelens_invalid_link');
          return { kind: 'setup', email: '', name: '' };
        }
        const user = link.userId === null ? undefined : await userById(db, link.userId);
        if (!user) throw authError('storelens_invalid_link');
        return { kind: link.kind, email: user.email, name: user.name };
      },
    );
    app.post(linkPath, answers(LoginResponse), async (request, reply): Promise<LoginResponse> => {
      const link = await linkOf(request, reply);
      if (link.kind === 'setup' || link.userId === null) throw authError('storelens_invalid_link');
      const body = bodyOf(request);
      const password = passwordParam(body);
      const name = text(body, 'name');
      if (!(await consumeToken(db, link.kind, link.token)))
        throw authError('storelens_invalid_link');
      await updateUser(db, link.userId, { password, status: 'active', name });
      const user = (await userById(db, link.userId))!;
      if (link.kind === 'reset') {
        // A reset is what an owner who lost their password, or fears it was taken, uses: the
        // application passwords made with the old one are revoked too (updateUser ended the
        // sessions). A password changed in Profile keeps them, as WordPress does.
        await deleteApplicationPasswords(db, user.id);
        // The link proved the owner: their failed tries from any address are forgotten.
        await clearAccountBackoff(db, user.email);
      }
      return signIn(request, reply, user);
    });
  });

  withCapability(app, 'read', () => {
    app.post(`${v1}/logout`, answers(LogoutResponse), async (request, reply) => {
      const token = sessionToken(request);
      if (token) await closeSession(db, token);
      setSessionCookie(request, reply, options, undefined);
      return { success: true };
    });

    const mePath = '/wp-json/wp/v2/users/me';
    app.get(mePath, answers(WpUser), async (request) => wpUser(await me(db, request)));
    for (const method of ['POST', 'PUT', 'PATCH'] as const) {
      app.route({
        method,
        url: mePath,
        ...answers(WpUser),
        handler: async (request, reply) => {
          const user = await me(db, request);
          const body = bodyOf(request);
          const meta = body.woocommerce_meta;
          if (meta !== undefined) {
            const bad =
              !meta ||
              typeof meta !== 'object' ||
              Array.isArray(meta) ||
              Object.entries(meta).some(
                ([k, v]) => typeof v !== 'string' || k.length > 191 || v.length > 100_000,
              );
            if (bad)
              throw ApiError.invalidParams({
                woocommerce_meta:
                  'woocommerce_meta must be an object of strings (JSON text per key).',
              });
          }
          const name = text(body, 'name');
          let password: string | undefined;
          if (body.password !== undefined) {
            password = passwordParam(body);
            const current = text(body, 'current_password', { max: MAX_PASSWORD });
            // A session (or key) someone else holds could guess the password here: the same
            // counting before the check as the login form's.
            const turn = await takeTurn(db, {
              address: addressKey(request),
              pair: pairKey('login', user.email, request.ip),
            });
            if ('waitMs' in turn) tooManyAttempts(reply, turn.waitMs);
            const found = await userByEmail(db, user.email);
            if (!current || !(await hashing.verifyPassword(current, found?.passwordHash ?? '')))
              throw ApiError.invalidParams({
                current_password: 'current_password is not your current password.',
              });
            await turn.succeeded();
          }
          if (meta) await mergeMeta(db, user.id, meta as Record<string, string>);
          await updateUser(db, user.id, { name, password });
          // A password change ends every session (updateUser); this browser gets a new one.
          if (password && request.authUser?.via === 'cookie') {
            const session = await openSession(db, user.id);
            setSessionCookie(request, reply, options, session.token);
            reply.header('X-WP-Nonce', session.nonce);
          }
          return wpUser((await userById(db, user.id))!);
        },
      });
    }

    const appPasswords = `${mePath}/application-passwords`;
    app.get(appPasswords, answers(ApplicationPasswordsResponse), async (request) =>
      listApplicationPasswords(db, (await me(db, request)).id),
    );
    app.post(
      appPasswords,
      answers(NewApplicationPassword, 201),
      async (request, reply): Promise<NewApplicationPassword> => {
        const user = await me(db, request);
        const name = text(bodyOf(request), 'name', { required: true })!.trim();
        if (!name) throw ApiError.invalidParams({ name: 'name is required.' });
        reply.status(201);
        return createApplicationPassword(db, user.id, name);
      },
    );
    app.delete(appPasswords, answers(DeletedApplicationPasswordsResponse), async (request) => {
      const user = await me(db, request);
      const count = await deleteApplicationPasswords(db, user.id);
      return { deleted: true, count };
    });
    app.get(`${appPasswords}/:uuid`, answers(ApplicationPasswordItem), async (request) => {
      const user = await me(db, request);
      const { uuid } = request.params as { uuid: string };
      const found = (await listApplicationPasswords(db, user.id)).find((p) => p.uuid === uuid);
      if (!found) throw authError('rest_application_password_not_found');
      return found;
    });
    app.delete(
      `${appPasswords}/:uuid`,
      answers(DeletedApplicationPasswordResponse),
      async (request) => {
        const user = await me(db, request);
        const { uuid } = request.params as { uuid: string };
        const before = (await listApplicationPasswords(db, user.id)).find((p) => p.uuid === uuid);
        if (!before || (await deleteApplicationPasswords(db, user.id, uuid)) === 0)
          throw authError('rest_application_password_not_found');
        return { deleted: true, previous: before };
      },
    );
  });

  withCapability(app, 'manage_options', () => {
    const users = '/wp-json/wp/v2/users';
    app.get(users, answers(WpUsersResponse), async () =>
      (await listUsers(db)).map((u) => wpUser(u, false)),
    );

    // An invitation: a pending user and a one-time link (also e-mailed when SMTP is set).
    app.post(
      users,
      answers(InviteResponse, 201),
      async (request, reply): Promise<InviteResponse> => {
        const body = bodyOf(request);
        const email = emailParam(body);
        const role = roleParam(body, true)!;
        const name = text(body, 'name') ?? '';
        let user: User;
        try {
          user = await createUser(db, { email, name, role });
        } catch (error) {
          if (error instanceof DuplicateEmail) throw authError('existing_user_email');
          throw error;
        }
        const token = await issueToken(db, 'invite', user.id);
        const inviteUrl = dashboardLink(origin(request), LINK_PATHS.invite, token);
        let emailed = false;
        try {
          emailed = await sendMail(mailUrl(), {
            to: email,
            subject: 'You are invited to Storelens',
            text: `You are invited to the store's Storelens dashboard as ${ROLE_NAMES[role]}. Open this link to choose your password (valid for 7 days): ${inviteUrl}`,
            html: `<p>You are invited to the store's Storelens dashboard as ${ROLE_NAMES[role]}.</p><p><a href="${escapeHtml(inviteUrl)}">Choose your password</a> (the link is valid for 7 days).</p>`,
          });
        } catch (error) {
          // The administrator still has the link to copy: a mail failure is not the invite's.
          console.error(error);
        }
        reply.status(201);
        return { ...wpUser(user, false), invite_url: inviteUrl, emailed };
      },
    );

    const one = `${users}/:id`;
    const existing = async (request: FastifyRequest) => {
      const user = await userById(db, idParam(request));
      if (!user) throw authError('rest_user_invalid_id');
      return user;
    };
    app.get(one, answers(WpUser), async (request) => wpUser(await existing(request), false));
    for (const method of ['POST', 'PUT', 'PATCH'] as const) {
      app.route({
        method,
        url: one,
        ...answers(WpUser),
        handler: async (request) => {
          const user = await existing(request);
          const body = bodyOf(request);
          const role = roleParam(body, false);
          const name = text(body, 'name');
          if (
            role &&
            role !== 'administrator' &&
            user.role === 'administrator' &&
            (await countAdministrators(db)) <= 1
          )
            throw authError('storelens_last_administrator');
          await updateUser(db, user.id, { role, name });
          return wpUser((await userById(db, user.id))!, false);
        },
      });
    }
    app.delete(one, answers(DeletedUserResponse), async (request) => {
      const user = await existing(request);
      if (user.role === 'administrator' && (await countAdministrators(db)) <= 1)
        throw authError('storelens_last_administrator');
      await deleteUser(db, user.id);
      return { deleted: true, previous: wpUser(user, false) };
    });

    // A new invitation or password-reset link for a user, for the administrator to pass on.
    app.post(`${one}/link`, answers(UserLinkResponse), async (request) => {
      const user = await existing(request);
      const kind: TokenKind = user.status === 'pending' ? 'invite' : 'reset';
      const token = await issueToken(db, kind, user.id);
      return { url: dashboardLink(origin(request), LINK_PATHS[kind], token), kind };
    });
  });
}

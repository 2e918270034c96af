/** Accounts, sessions and application passwords: the wire shapes (WordPress's conventions). */

/** A role of the matrix (the server's auth/roles.ts says what each may do). */
export type UserRole = 'administrator' | 'shop_manager' | 'analyst';

/** The user of `POST /storelens/v1/login` and of the page's boot settings. */
export interface SessionUser {
  id: number;
  email: string;
  name: string;
  role: UserRole;
}

/** `POST /wp-json/storelens/v1/login` (and setup / accepting a link): the user and the nonce. */
export interface LoginResponse {
  user: SessionUser;
  /** Send as `X-WP-Nonce` with every cookie-authenticated REST request. */
  nonce: string;
}

/** `GET /wp-json/wp/v2/users/me` and each row of `GET /wp-json/wp/v2/users`. */
export interface WpUser {
  id: number;
  name: string;
  email: string;
  slug: string;
  roles: UserRole[];
  /** `{capability: true}` for each capability of the role (and the role itself). */
  capabilities: Record<string, boolean>;
  /** Per-user preferences: key -> JSON text. */
  woocommerce_meta: Record<string, string>;
  /** `pending` until an invited user sets a password. */
  status: 'active' | 'pending';
  registered_date: string;
  last_login: string | null;
}

/** `POST /wp-json/wp/v2/users` (an invitation): the pending user and its one-time link. */
export interface InviteResponse extends WpUser {
  invite_url: string;
  emailed: boolean;
}

/** An application password as listed (the password itself is never shown again). */
export interface ApplicationPasswordItem {
  uuid: string;
  name: string;
  created: string;
  last_used: string | null;
}

/** `POST /wp-json/wp/v2/users/me/application-passwords`: shown once. */
export interface NewApplicationPassword extends ApplicationPasswordItem {
  password: string;
}

/** `GET /wp-json/storelens/v1/account-links/{token}`: what a one-time link is for. */
export interface AccountLinkInfo {
  kind: 'setup' | 'invite' | 'reset';
  email: string;
  name: string;
}

/** The authentication error codes, with their status and message. */
export const authErrorCatalogue = {
  rest_not_logged_in: { status: 401, message: 'You are not currently logged in.' },
  rest_forbidden: { status: 403, message: 'Sorry, you are not allowed to do that.' },
  rest_cookie_invalid_nonce: { status: 403, message: 'Cookie check failed.' },
  storelens_invalid_login: { status: 401, message: 'The e-mail address or password is incorrect.' },
  incorrect_password: {
    status: 401,
    message: 'The e-mail address or application password is incorrect.',
  },
  storelens_too_many_attempts: {
    status: 429,
    message: 'Too many attempts. Try again in %s seconds.',
  },
  storelens_invalid_link: { status: 404, message: 'This link is invalid or has expired.' },
  storelens_setup_done: {
    status: 403,
    message: 'Storelens already has an administrator: log in instead.',
  },
  existing_user_email: { status: 400, message: 'That e-mail address is already in use.' },
  rest_user_invalid_id: { status: 404, message: 'Invalid user ID.' },
  storelens_last_administrator: {
    status: 400,
    message: 'The store needs at least one administrator: make another one first.',
  },
  rest_application_password_not_found: {
    status: 404,
    message: 'No application password with that id was found.',
  },
  storelens_invalid_host: {
    status: 421,
    message: 'This server does not answer for that host name.',
  },
  storelens_cross_origin: { status: 403, message: 'Cross-origin requests are not allowed.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type AuthErrorCode = keyof typeof authErrorCatalogue;

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

/**
 * Accounts, sessions and application passwords: the wire shapes (WordPress's conventions).
 * These are the routes' response schemas: no secret (a password hash, an application
 * password's hash, a session or link token) is ever a property of them; only a new
 * application password's own plain text is shown, once.
 */
import { type Static, Type } from 'typebox';
import { Closed, literalUnion, orNull } from './admin-common';

/** The roles of the matrix (the server's auth/roles.ts says what each may do). */
export const userRoles = ['administrator', 'shop_manager', 'analyst'] as const;
/** A role of the matrix. */
export type UserRole = (typeof userRoles)[number];
const Role = literalUnion(userRoles);

/** The user of `POST /storelens/v1/login` and of the page's boot settings. */
export const SessionUser = Closed({
  id: Type.Integer(),
  email: Type.String(),
  name: Type.String(),
  role: Role,
});
/** The signed-in user. */
export type SessionUser = Static<typeof SessionUser>;

/** `POST /wp-json/storelens/v1/login` (and setup / accepting a link): the user and the nonce. */
export const LoginResponse = Closed({
  user: SessionUser,
  /** Send as `X-WP-Nonce` with every cookie-authenticated REST request. */
  nonce: Type.String(),
});
/** The login answer. */
export type LoginResponse = Static<typeof LoginResponse>;

/**
 * `POST /wp-json/storelens/v1/password-reset` `{email}`: the same answer whether or not an
 * account uses the address, so the route tells strangers nothing about who has one.
 */
export const PasswordResetResponse = Closed({ requested: Type.Literal(true) });
/** The password-reset request's answer. */
export type PasswordResetResponse = Static<typeof PasswordResetResponse>;

/** `POST /wp-json/storelens/v1/logout`. */
export const LogoutResponse = Closed({ success: Type.Literal(true) });

const wpUserProperties = {
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  slug: Type.String(),
  roles: Type.Array(Role),
  /** `{capability: true}` for each capability of the role (and the role itself). */
  capabilities: Type.Record(Type.String(), Type.Boolean()),
  /** Per-user preferences: key -> JSON text (empty in the user admin's answers). */
  woocommerce_meta: Type.Record(Type.String(), Type.String()),
  /** `pending` until an invited user sets a password. */
  status: literalUnion(['active', 'pending'] as const),
  registered_date: Type.String(),
  last_login: orNull(Type.String()),
};

/** `GET /wp-json/wp/v2/users/me` and each row of `GET /wp-json/wp/v2/users`. */
export const WpUser = Closed(wpUserProperties);
/** A user as the API answers it. */
export type WpUser = Static<typeof WpUser>;

/** `GET /wp-json/wp/v2/users`. */
export const WpUsersResponse = Type.Array(WpUser);
/** The users list. */
export type WpUsersResponse = Static<typeof WpUsersResponse>;

/** `POST /wp-json/wp/v2/users` (an invitation): the pending user and its one-time link. */
export const InviteResponse = Closed({
  ...wpUserProperties,
  invite_url: Type.String(),
  emailed: Type.Boolean(),
});
/** The invitation answer. */
export type InviteResponse = Static<typeof InviteResponse>;

/** `DELETE /wp-json/wp/v2/users/{id}`. */
export const DeletedUserResponse = Closed({ deleted: Type.Literal(true), previous: WpUser });

/** `POST /wp-json/wp/v2/users/{id}/link`: a new invitation or password-reset link. */
export const UserLinkResponse = Closed({
  url: Type.String(),
  kind: literalUnion(['invite', 'reset'] as const),
});
/** A new account link. */
export type UserLinkResponse = Static<typeof UserLinkResponse>;

const applicationPasswordProperties = {
  uuid: Type.String(),
  name: Type.String(),
  created: Type.String(),
  last_used: orNull(Type.String()),
  /**
   * Storelens: made before key ids (migration 030), so no longer accepted: create a new one
   * and revoke this.
   */
  needs_replacement: Type.Boolean(),
};

/** An application password as listed (the password itself is never shown again). */
export const ApplicationPasswordItem = Closed(applicationPasswordProperties);
/** An application password as listed. */
export type ApplicationPasswordItem = Static<typeof ApplicationPasswordItem>;

/** `GET /wp-json/wp/v2/users/me/application-passwords`. */
export const ApplicationPasswordsResponse = Type.Array(ApplicationPasswordItem);
/** One's application passwords as listed. */
export type ApplicationPasswordsResponse = Static<typeof ApplicationPasswordsResponse>;

/** `POST /wp-json/wp/v2/users/me/application-passwords`: shown once. */
export const NewApplicationPassword = Closed({
  ...applicationPasswordProperties,
  password: Type.String(),
});
/** A new application password, with its plain text. */
export type NewApplicationPassword = Static<typeof NewApplicationPassword>;

/** `DELETE /wp-json/wp/v2/users/me/application-passwords` (all of them). */
export const DeletedApplicationPasswordsResponse = Closed({
  deleted: Type.Literal(true),
  count: Type.Integer(),
});

/** `DELETE /wp-json/wp/v2/users/me/application-passwords/{uuid}`. */
export const DeletedApplicationPasswordResponse = Closed({
  deleted: Type.Literal(true),
  previous: ApplicationPasswordItem,
});

/** `GET /wp-json/storelens/v1/account-links/{token}`: what a one-time link is for. */
export const AccountLinkInfo = Closed({
  kind: literalUnion(['setup', 'invite', 'reset'] as const),
  email: Type.String(),
  name: Type.String(),
});
/** What a one-time link is for. */
export type AccountLinkInfo = Static<typeof AccountLinkInfo>;

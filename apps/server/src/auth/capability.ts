import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { authError } from './errors';
import { type Capability, can, REPORT_READABLE_OPTIONS } from './roles';

/**
 * What a route needs: a capability of the role matrix, or `public` (login, logout, first-run
 * setup, accepting an invitation, token-protected downloads: each checks its own secret).
 */
export type RouteAccess = Capability | 'public';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Declared by every `/wp-json/` route, at registration (see `requireDeclaredAccess`). */
    capability?: RouteAccess;
  }
}

/** `{ config: { capability } }`, to spread into a route's options. */
export const requires = (capability: RouteAccess) => ({ config: { capability } });

/** The capability given to routes registered inside `withCapability`, per app instance. */
const groupDefaults = new WeakMap<object, RouteAccess[]>();

/**
 * Registers a group of routes that all need `capability` unless a route declares its own
 * (route registration is synchronous, so the default applies exactly to the routes `register`
 * adds).
 */
export function withCapability(
  app: FastifyInstance,
  capability: RouteAccess,
  register: () => void,
): void {
  const stack = groupDefaults.get(app) ?? [];
  groupDefaults.set(app, stack);
  stack.push(capability);
  try {
    register();
  } finally {
    stack.pop();
  }
}

/**
 * Gives every route a plugin registers in `scope` (an encapsulated context, e.g. the static
 * files' plugin, whose routes take no options of ours) the capability `capability`.
 */
export function scopeCapability(scope: FastifyInstance, capability: RouteAccess): void {
  groupDefaults.set(scope, [capability]);
}

/**
 * An `onRoute` hook: fills a route's capability from its group, and refuses to register a
 * route, any route, that declares none, so a new route cannot be forgotten: the
 * authorisation hook (auth/plugin.ts) decides on the matched route's declaration alone.
 */
export function requireDeclaredAccess(app: FastifyInstance): void {
  app.addHook('onRoute', function (this: FastifyInstance, options: RouteOptions) {
    const stack = groupDefaults.get(this) ?? groupDefaults.get(app);
    const capability = options.config?.capability ?? stack?.[stack.length - 1];
    if (!capability) {
      throw new Error(
        `${String(options.method)} ${options.url} declares no capability: add requires(...) to its options`,
      );
    }
    options.config = { ...options.config, capability };
  });
}

/**
 * Options a user without `manage_options` asks for must all be report settings
 * (REPORT_READABLE_OPTIONS); otherwise 403 `rest_forbidden`.
 */
export function assertOptionsReadable(request: FastifyRequest, names: readonly string[]): void {
  const user = request.authUser;
  if (!user || can(user.role, 'manage_options')) return;
  const refused = names.filter((n) => !REPORT_READABLE_OPTIONS.has(n));
  if (refused.length)
    throw authError(
      'rest_forbidden',
      '',
      Object.fromEntries(refused.map((n) => [n, `${n} needs the manage_options capability.`])),
    );
}

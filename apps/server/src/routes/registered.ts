import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import type { RouteAccess } from '../auth/capability';

/**
 * One registered route: method, URL pattern (`:id` params), its schemas, if any, and the
 * capability it requires (every `/wp-json/` route declares one; see `requireDeclaredAccess`).
 */
export interface RegisteredRoute {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
  capability: RouteAccess | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Each route added since {@link recordRoutes}, once per method (set by recordRoutes). */
    recordedRoutes: { method: string; route: RouteOptions }[];
  }
}

/**
 * Starts recording every route added to `app` from now on (an `onRoute` hook; call it before
 * any route is added). Tests walk the list — the fuzz test, the authorization route walk, the
 * serialisation test — so a new route is covered without anyone remembering to list it.
 */
export function recordRoutes(app: FastifyInstance): void {
  const list: { method: string; route: RouteOptions }[] = [];
  app.decorate('recordedRoutes', list);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) list.push({ method, route });
  });
}

/**
 * The routes `app` registered since {@link recordRoutes} (empty if it was never called). Read
 * when asked, so that what later `onRoute` hooks add (the capability) is included.
 */
export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  const recorded = app.hasDecorator('recordedRoutes') ? app.recordedRoutes : [];
  return recorded.map(({ method, route }) => ({
    method,
    url: route.url,
    schema: route.schema,
    capability: route.config?.capability,
  }));
}

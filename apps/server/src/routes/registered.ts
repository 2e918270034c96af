import type { FastifyInstance, FastifySchema } from 'fastify';

/** One registered route: method, URL pattern (`:id` params) and its schemas, if any. */
export interface RegisteredRoute {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
}

const registered = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/**
 * Starts recording every route added to `app` from now on (an `onRoute` hook; call it before
 * any route is added). Tests walk the list — the fuzz test, a route walk for authorization —
 * so a new route is covered without anyone remembering to list it.
 */
export function recordRoutes(app: FastifyInstance): void {
  const list: RegisteredRoute[] = [];
  registered.set(app, list);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) list.push({ method, url: route.url, schema: route.schema });
  });
}

/** The routes `app` registered since {@link recordRoutes} (empty if it was never called). */
export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return registered.get(app) ?? [];
}

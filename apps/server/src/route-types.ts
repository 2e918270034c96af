import type { FastifyTypeProvider } from 'fastify';
import type { Static, TSchema } from 'typebox';

/**
 * Fastify's type provider for `typebox` 1.x schemas: a route registered on
 * `app.withTypeProvider<TypeBoxProvider>()` gets its handler's `request.query`, `params`, `body`
 * and `headers` typed from the `schema` it validates with, and its return value (or
 * `reply.send`) checked against its `response` schemas, so a route's schema is written once and
 * not repeated as a type argument or a cast. Our own rather than `@fastify/type-provider-typebox`
 * (once declared, never imported, and removed): this interface is all a provider is, and it
 * reads the `typebox` package the API schemas are built with.
 *
 * A schema typed as a plain `TSchema` gives `unknown`, as without a provider; a generic one
 * gives a type TypeScript leaves unresolved (the `picker` helper in routes/pickers.ts casts).
 */
export interface TypeBoxProvider extends FastifyTypeProvider {
  readonly validator: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
  readonly serializer: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
}

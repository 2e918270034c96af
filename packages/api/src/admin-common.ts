import { type Static, type TProperties, type TSchema, Type } from 'typebox';

/** `context` every endpoint accepts. */
export const AdminContext = Type.Optional(Type.Union([Type.Literal('view'), Type.Literal('edit')]));

/** A boolean as JSON or as the query strings true/false/1/0. */
export const AdminBool = Type.Union([
  Type.Boolean(),
  Type.Literal('true'),
  Type.Literal('false'),
  Type.Literal('1'),
  Type.Literal('0'),
]);

/** Reads {@link AdminBool} values. */
export function adminBool(value: boolean | string | undefined, fallback = false): boolean {
  if (value === undefined) return fallback;
  return value === true || value === 'true' || value === '1';
}

/** An ISO-8601 date-time as the server validates it. */
export const AdminDateTime = Type.String({ format: 'storelens-date-time' });

/**
 * The largest id or count a parameter may carry: JavaScript numbers are exact up to it, and
 * both engines' BIGINT columns hold it (a larger one was a PostgreSQL "out of range" 500).
 */
export const MAX_SAFE_ID = Number.MAX_SAFE_INTEGER;

/** A positive id (path `{id}`, `noteIds[]`). */
export const PositiveId = Type.Integer({ minimum: 1, maximum: MAX_SAFE_ID });

/** Paging parameters (per_page 1..100, default 10). */
export const AdminPaging = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_SAFE_ID })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
};

/**
 * A response object that lists every property it may answer: checked with `Value.Check`, an
 * answer with a property the schema does not name fails, where fast-json-stringify (which
 * Fastify serialises responses with) would silently drop it.
 */
export function Closed<T extends TProperties>(properties: T) {
  return Type.Object(properties, { additionalProperties: false });
}

/** `{ status, message }` answers of the import routes and the profile update. */
export const AdminStatusMessage = Closed({
  status: Type.Union([Type.Literal('success'), Type.Literal('error')]),
  message: Type.String(),
});
/** A `{ status, message }` answer. */
export type AdminStatusMessage = Static<typeof AdminStatusMessage>;

/** A response field that may be null (responses are checked, never coerced). */
export function orNull<T extends TSchema>(schema: T) {
  return Type.Union([schema, Type.Null()]);
}

/** A union of string literals from a list (the error handler prints the allowed values). */
export function literalUnion<const T extends readonly string[]>(values: T) {
  return Type.Unsafe<T[number]>(Type.Union(values.map((v) => Type.Literal(v))));
}

/**
 * A value or null, as a JSON-schema type list (`['integer', 'null']`): ajv then leaves null
 * alone instead of coercing it to 0, '' or false, and never coerces 0 or false to null.
 */
export function nullable<T extends TSchema>(schema: T) {
  const s = schema as unknown as { type?: unknown; anyOf?: { const?: unknown }[] };
  if (typeof s.type === 'string') {
    return Type.Unsafe<Static<T> | null>({ ...schema, type: [s.type, 'null'] });
  }
  if (s.anyOf?.every((o) => o.const !== undefined)) {
    return Type.Unsafe<Static<T> | null>({
      type: ['string', 'null'],
      enum: [...s.anyOf.map((o) => o.const), null],
    });
  }
  throw new TypeError('nullable() takes a typed schema or a union of literals');
}

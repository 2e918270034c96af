import { type QueryInputValue, stringifyQuery } from '@storelens/navigation';
import { Ajv, type ErrorObject } from 'ajv';
import type { TSchema } from 'typebox';
import { ApiError } from '../errors';
import { hasInfinite, inputProblem, sentence } from '../input-guards';
import { isIsoDateTime } from './dates';
import { parseQuery, splitCommaLists } from './querystring';

/**
 * The ajv options of every route's validation (Fastify's, through `fastifyOptions` in app.ts)
 * and of the export's direct report reads ({@link validateQuery}): the same coercion rules in
 * both places.
 */
export const AJV_OPTIONS = {
  coerceTypes: 'array' as const,
  // Unknown query parameters and body fields are dropped, as WordPress ignores them: every
  // closed schema (`additionalProperties: false`) lists what a route reads.
  removeAdditional: true,
  allErrors: true,
  useDefaults: false,
};

/** Our ajv formats: `storelens-date-time` accepts ISO-8601 dates with real calendar days. */
export function addFormats(ajv: Ajv): Ajv {
  return ajv.addFormat('storelens-date-time', isIsoDateTime);
}

/** The values an enum-like schema (a union of constants) allows, if it is one. */
function allowedValues(schema: unknown): string[] | undefined {
  const s = schema as { anyOf?: { const?: unknown }[]; items?: unknown } | undefined;
  if (s?.anyOf?.every((o) => o.const !== undefined)) return s.anyOf.map((o) => String(o.const));
  if (s?.items) return allowedValues(s.items);
  return undefined;
}

/** A sentence for one invalid parameter. */
function describeInvalid(
  name: string,
  keyword: string,
  message: string | undefined,
  schema: unknown,
): string {
  const allowed = allowedValues(schema);
  if (allowed && (keyword === 'const' || keyword === 'anyOf' || keyword === 'enum')) {
    return `${name} is not one of ${allowed.join(', ')}.`;
  }
  if (keyword === 'format')
    return `${name} must be an ISO-8601 date or date-time, e.g. 2024-05-01T00:00:00.`;
  if (keyword === 'type') return `${name} ${message ?? 'has the wrong type'}.`;
  return `${name} ${message ?? 'is invalid'}.`;
}

/**
 * The `params` of the 400 answer for ajv's errors against `schema` (a querystring or body
 * schema): one sentence per parameter, naming it (WordPress's `rest_invalid_param`).
 */
export function invalidParamsOf(
  errors: readonly Pick<ErrorObject, 'keyword' | 'instancePath' | 'params' | 'message'>[],
  schema: { properties?: Record<string, unknown> } | undefined,
): Record<string, string> {
  const params: Record<string, string> = {};
  for (const v of errors) {
    const p = v.params as Record<string, unknown>;
    const name =
      (p.propertyName as string | undefined) ??
      (p.additionalProperty as string | undefined) ??
      (p.missingProperty as string | undefined) ??
      v.instancePath.split('/')[1] ??
      'body';
    if (params[name]) continue;
    params[name] =
      p.propertyName !== undefined
        ? `${name} is not a valid name.`
        : p.additionalProperty !== undefined
          ? `${name} is not a known parameter.`
          : p.missingProperty !== undefined
            ? `${name} is required.`
            : describeInvalid(name, v.keyword, v.message, schema?.properties?.[name]);
  }
  return params;
}

const ajv = addFormats(new Ajv({ ...AJV_OPTIONS, addUsedSchema: false }));
const compiled = new WeakMap<TSchema, ReturnType<Ajv['compile']>>();

/** One problem sentence per parameter of `query` that no route can use (input-guards.ts). */
function guardProblems(query: Record<string, unknown>, after: boolean): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (after) {
      if (hasInfinite(value)) params[name] ??= `${name} ${sentence.infinite}`;
      continue;
    }
    const problem = name.includes('\u0000') ? 'nul' : inputProblem(value);
    if (problem && problem !== 'depth') params[name] ??= `${name} ${sentence[problem]}`;
  }
  return params;
}

/**
 * A report's arguments as its route would have them after validation: the values as the
 * query-string parser reads them (lists as `a[]=`, lists of lists as `a[i][]=`, an object as
 * its JSON text), comma lists split for array parameters, checked and coerced by `schema` with
 * the routes' ajv options (unknown parameters dropped). An argument the route would refuse
 * throws the same 400 `ApiError`.
 */
export function validateQuery<T>(schema: TSchema, args: Record<string, unknown>): T {
  const query: Record<string, unknown> = parseQuery(toQueryString(args));
  const before = guardProblems(query, false);
  if (Object.keys(before).length > 0) throw ApiError.invalidParams(before);
  splitCommaLists(schema as Parameters<typeof splitCommaLists>[0], query);
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  if (!validate(query))
    throw ApiError.invalidParams(
      invalidParamsOf(validate.errors ?? [], schema as { properties?: Record<string, unknown> }),
    );
  const after = guardProblems(query, true);
  if (Object.keys(after).length > 0) throw ApiError.invalidParams(after);
  return query as T;
}

/**
 * Report arguments as a query string, by the client's writer (`stringifyQuery`): lists as
 * `a[]=`, lists of lists as `a[i][]=`. An object value (no report parameter takes one) goes as
 * its JSON text rather than as nested keys.
 */
export function toQueryString(query: Record<string, unknown>): string {
  const input: Record<string, QueryInputValue> = {};
  for (const [key, value] of Object.entries(query)) {
    input[key] =
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? JSON.stringify(value)
        : (value as QueryInputValue);
  }
  return stringifyQuery(input, { lists: 'brackets' });
}

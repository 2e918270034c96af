import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors';

/**
 * Deepest nesting a JSON body may have. The deepest body of the API is a few levels (an
 * onboarding profile's lists of objects); a body nested thousands deep only overflowed the
 * stack of whatever walked it next (JSON.stringify when storing an option: a 500).
 */
export const MAX_BODY_DEPTH = 32;

const NUL = '\u0000';

/** What is wrong with one value, or undefined; walks with its own stack (no recursion). */
export function inputProblem(value: unknown): 'depth' | 'nul' | 'infinite' | undefined {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes(NUL)) return 'nul';
    } else if (typeof v === 'number') {
      if (!Number.isFinite(v)) return 'infinite';
    } else if (v !== null && typeof v === 'object') {
      if (depth >= MAX_BODY_DEPTH) return 'depth';
      for (const [key, inner] of Object.entries(v)) {
        if (key.includes(NUL)) return 'nul';
        stack.push([inner, depth + 1]);
      }
    }
  }
  return undefined;
}

export const sentence = {
  nul: 'must not contain a NUL character.',
  infinite: 'must be a finite number.',
  depth: `is nested more than ${MAX_BODY_DEPTH} levels deep.`,
} as const;

/** A readable parameter name (a NUL inside a key shown as \0). */
const shown = (name: string) => name.replaceAll(NUL, '\\0');

/**
 * Input no route can use, refused for every route before validation with a 400 naming the
 * parameter: a NUL character in any string or key (PostgreSQL's text cannot store one, so it
 * was a 500 there and silently different on SQLite), a number JSON parsed as Infinity (a
 * 400-digit literal), and a body nested deeper than {@link MAX_BODY_DEPTH}. After validation,
 * a number its coercion made infinite (from a 400-digit string) is refused the same way.
 */
export function registerInputGuards(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const params: Record<string, string> = {};
    let tooDeep = false;
    const check = (source: unknown) => {
      if (source === null || typeof source !== 'object') {
        const problem = inputProblem(source);
        if (problem === 'depth') tooDeep = true;
        else if (problem) params.body = `body ${sentence[problem]}`;
        return;
      }
      const entries = Array.isArray(source)
        ? [['body', source] as const]
        : Object.entries(source as Record<string, unknown>);
      for (const [name, value] of entries) {
        const problem = name.includes(NUL) ? 'nul' : inputProblem(value);
        if (problem === 'depth') tooDeep = true;
        else if (problem) params[shown(name)] ??= `${shown(name)} ${sentence[problem]}`;
      }
    };
    check(request.params ?? {});
    check(request.query ?? {});
    // A raw body (the webhook receiver keeps the signed bytes) has no fields to check.
    if (request.body !== undefined && !Buffer.isBuffer(request.body)) check(request.body);
    if (tooDeep) {
      throw new ApiError(
        'rest_invalid_json',
        `Invalid JSON body passed: nested more than ${MAX_BODY_DEPTH} levels deep.`,
        400,
      );
    }
    if (Object.keys(params).length > 0) throw ApiError.invalidParams(params);
  });

  // Validation coerces text to numbers (ajv's coerceTypes), and a 400-digit number in a
  // string ("stock_quantity": "999…9", a route id, `page[]=…`) becomes Infinity; ajv then
  // skips its minimum and maximum checks, which only look at finite numbers. SQLite stored
  // the Infinity, and the product, its lists and the product search answered 500 from then
  // on (PostgreSQL refused it: a 500 at once). So every number is checked again after
  // validation, in the route parameters, the query and the body.
  app.addHook('preHandler', async (request) => {
    const params: Record<string, string> = {};
    const check = (source: unknown) => {
      if (source === null || typeof source !== 'object') {
        if (typeof source === 'number' && !Number.isFinite(source))
          params.body = `body ${sentence.infinite}`;
        return;
      }
      const entries = Array.isArray(source)
        ? [['body', source] as const]
        : Object.entries(source as Record<string, unknown>);
      for (const [name, value] of entries) {
        if (hasInfinite(value)) params[shown(name)] ??= `${shown(name)} ${sentence.infinite}`;
      }
    };
    check(request.params ?? {});
    check(request.query ?? {});
    if (request.body !== undefined && !Buffer.isBuffer(request.body)) check(request.body);
    if (Object.keys(params).length > 0) throw ApiError.invalidParams(params);
  });
}

/** True when a value holds a number that is not finite (walks with its own stack). */
export function hasInfinite(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return true;
    } else if (v !== null && typeof v === 'object') {
      for (const inner of Object.values(v)) stack.push(inner);
    }
  }
  return false;
}

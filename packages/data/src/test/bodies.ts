import type { Static, TSchema } from 'typebox';
import { Value } from 'typebox/value';

/**
 * A stub answer built from the contract: the schema's default value with `fields` over it,
 * refused (thrown) when the result does not match the schema, so a stub cannot drift from
 * what the server answers.
 */
export function contractBody<T extends TSchema>(schema: T, fields: Partial<Static<T>>): Static<T> {
  const value = { ...(Value.Create(schema) as object), ...fields } as Static<T>;
  const errors = [...Value.Errors(schema, value)].map((e) => `${e.instancePath} ${e.message}`);
  if (errors.length > 0)
    throw new Error(`stub body differs from the contract: ${errors.join('; ')}`);
  return value;
}

import { type Static, Type } from 'typebox';
import { AdminContext } from './admin-common';

/** Option names: WordPress-style keys. */
export const OPTION_NAME_PATTERN = '^[A-Za-z0-9_.:-]{1,191}$';

/** `GET /wc-admin/options?options=a,b`. */
export const OptionsQuery = Type.Object(
  {
    options: Type.Optional(
      Type.Array(Type.String({ pattern: OPTION_NAME_PATTERN }), { maxItems: 100 }),
    ),
    context: AdminContext,
  },
  { additionalProperties: false },
);

/**
 * `POST /wc-admin/options` body: option name → any JSON value. Every key is an option to
 * write, so a bad name is refused (`propertyNames`) rather than dropped as an unknown field.
 */
export const OptionsUpdateBody = Type.Unsafe<Record<string, unknown>>({
  type: 'object',
  propertyNames: { pattern: OPTION_NAME_PATTERN },
  minProperties: 1,
  maxProperties: 100,
});

/** `GET /wc-admin/options`: option values (any JSON) by name; `false` for an option never set. */
export const OptionsResponse = Type.Record(Type.String(), Type.Unknown());
/** Option values by name. */
export type OptionsResponse = Static<typeof OptionsResponse>;

/** `POST /wc-admin/options`: per option, whether the update changed its value. */
export const OptionsUpdateResponse = Type.Record(Type.String(), Type.Boolean());
/** Per option: whether the update changed its value. */
export type OptionsUpdateResponse = Static<typeof OptionsUpdateResponse>;

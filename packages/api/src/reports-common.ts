import { type TSchema, Type } from 'typebox';
import { intervalKinds } from './intervals';

/** Most ids one list parameter may carry; longer lists get a 400 naming the parameter. */
export const MAX_ID_LIST = 1000;

/** A union of string literals (the error handler prints "x is not one of a, b, c"). */
export function oneOf<const V extends readonly string[]>(values: V) {
  return Type.Union(values.map((v) => Type.Literal(v)));
}

/** An ISO-8601 date or date-time parameter. */
export const IsoDateTime = Type.String({ format: 'storelens-date-time' });
/** A boolean parameter: true/false/1/0/"true"/"false". */
export const BoolParam = Type.Union([
  Type.Boolean(),
  Type.Literal('true'),
  Type.Literal('false'),
  Type.Literal('1'),
  Type.Literal('0'),
]);
/** A list of non-negative integer ids (comma list or repeated `x[]=`). */
export const IdList = Type.Array(Type.Integer({ minimum: 0, maximum: 2 ** 53 - 1 }), {
  maxItems: MAX_ID_LIST,
});
/** Slugs, e.g. `fields[]`. */
export const SlugList = Type.Array(Type.String({ pattern: '^[a-z0-9_-]{1,64}$' }), {
  maxItems: 100,
});
/** One `[attribute, term]` pair of `attribute_is[]`: ids, or a custom slug and a value. */
export const AttributePair = Type.Array(
  Type.Union([
    Type.Integer({ minimum: 0, maximum: 2 ** 53 - 1 }),
    Type.String({ pattern: '^[A-Za-z0-9_ -]{1,100}$', minLength: 1 }),
  ]),
  { minItems: 2, maxItems: 2 },
);
/** `attribute_is[]` / `attribute_is_not[]`: a list of pairs. */
export const AttributeList = Type.Array(AttributePair, { maxItems: 50 });
/**
 * Order statuses without the `wc-` prefix: WooCommerce's own (`orderStatuses`) or a shop's
 * custom ones, which plugins register under any key (`shipped`, `awaiting-shipment`); a status
 * no order has matches nothing, as an unknown id does. The key's form is WordPress's
 * (`sanitize_key`), at most 20 characters, the width of the stored status.
 */
export const StatusList = Type.Array(Type.String({ pattern: '^[a-z0-9_-]{1,20}$' }), {
  maxItems: 20,
});

/**
 * The parameters of every report endpoint (docs/api.md, "Report parameters shared by the
 * analytics routes").
 */
export const commonReportParams = {
  context: Type.Optional(oneOf(['view', 'edit'] as const)),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  after: Type.Optional(IsoDateTime),
  before: Type.Optional(IsoDateTime),
  order: Type.Optional(oneOf(['asc', 'desc'] as const)),
  force_cache_refresh: Type.Optional(BoolParam),
  debug_cache: Type.Optional(BoolParam),
  _locale: Type.Optional(Type.String({ maxLength: 20 })),
};

/** Stats-only parameters: interval and fields. */
export const statsParams = {
  interval: Type.Optional(oneOf(intervalKinds)),
  fields: Type.Optional(SlugList),
};

/** Order-level advanced filters (orders, orders/stats; docs/api.md, "Order filters"). */
export const orderFilterParams = {
  match: Type.Optional(oneOf(['all', 'any'] as const)),
  status_is: Type.Optional(StatusList),
  status_is_not: Type.Optional(StatusList),
  product_includes: Type.Optional(IdList),
  product_excludes: Type.Optional(IdList),
  variation_includes: Type.Optional(IdList),
  variation_excludes: Type.Optional(IdList),
  coupon_includes: Type.Optional(IdList),
  coupon_excludes: Type.Optional(IdList),
  tax_rate_includes: Type.Optional(IdList),
  tax_rate_excludes: Type.Optional(IdList),
  customer_type: Type.Optional(oneOf(['', 'new', 'returning'] as const)),
  customer: Type.Optional(oneOf(['', 'new', 'returning'] as const)),
  refunds: Type.Optional(oneOf(['', 'all', 'partial', 'full', 'none'] as const)),
  attribute_is: Type.Optional(AttributeList),
  attribute_is_not: Type.Optional(AttributeList),
  categories: Type.Optional(IdList),
};

/**
 * `segment`: a saved segment's id (docs/api.md, "Saved segments"), narrowing the report to
 * its customers' orders or to its orders.
 */
export const segmentParam = {
  segment: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 })),
};

/** A closed query object: unknown parameters are rejected. */
export function query<P extends Record<string, TSchema>>(properties: P) {
  return Type.Object(properties, { additionalProperties: false });
}

/** `segmentby` values of the order reports. */
export const orderSegments = [
  'product',
  'category',
  'variation',
  'coupon',
  'customer_type',
] as const;
/** `segmentby` values of the product-like reports. */
export const productSegments = ['product', 'category', 'variation'] as const;

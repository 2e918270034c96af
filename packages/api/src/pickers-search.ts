import { Type } from 'typebox';
import { MAX_SAFE_ID, PositiveId } from './admin-common';
import { IdList, oneOf, query } from './reports-common';
import { orderStatuses } from './revenue';

/** Most items `per_page=-1` may list; a larger result is a 400 naming `per_page`. */
export const MAX_FULL_LIST = 1000;

const search = Type.Optional(Type.String({ maxLength: 200 }));
const paging = {
  context: Type.Optional(oneOf(['view', 'edit'] as const)),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  order: Type.Optional(oneOf(['asc', 'desc'] as const)),
  _locale: Type.Optional(Type.String({ maxLength: 20 })),
  _fields: Type.Optional(
    Type.Array(Type.String({ pattern: '^[a-z0-9_.]{1,64}$' }), { maxItems: 50 }),
  ),
};

/** `GET /wc-analytics/products`; `per_page=-1` lists everything up to MAX_FULL_LIST. */
export const ProductsSearchQuery = query({
  ...paging,
  per_page: Type.Optional(
    Type.Union([Type.Integer({ minimum: 1, maximum: 100 }), Type.Literal(-1)]),
  ),
  search,
  include: Type.Optional(IdList),
  exclude: Type.Optional(IdList),
  type: Type.Optional(oneOf(['simple', 'variable', 'grouped', 'external'] as const)),
  orderby: Type.Optional(
    oneOf(['date', 'id', 'include', 'title', 'slug', 'price', 'popularity', 'rating'] as const),
  ),
  category: Type.Optional(Type.String({ pattern: '^[0-9]+(,[0-9]+)*$' })),
  sku: Type.Optional(Type.String({ maxLength: 100 })),
  status: Type.Optional(oneOf(['any', 'publish', 'draft', 'pending', 'private'] as const)),
  low_in_stock: Type.Optional(
    Type.Union([Type.Boolean(), oneOf(['true', 'false', '1', '0'] as const)]),
  ),
});

/** `GET /wc-analytics/products/{id}/variations` and `/variations`. */
export const VariationsSearchQuery = query({
  ...paging,
  per_page: ProductsSearchQuery.properties.per_page,
  search,
  include: Type.Optional(IdList),
  exclude: Type.Optional(IdList),
  orderby: Type.Optional(oneOf(['date', 'id', 'include', 'title', 'slug', 'price'] as const)),
});

/** `GET /wc-analytics/products/categories`. */
export const CategoriesSearchQuery = query({
  ...paging,
  search,
  include: Type.Optional(IdList),
  exclude: Type.Optional(IdList),
  parent: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_SAFE_ID })),
  hide_empty: Type.Optional(
    Type.Union([Type.Boolean(), oneOf(['true', 'false', '1', '0'] as const)]),
  ),
  orderby: Type.Optional(
    oneOf(['id', 'include', 'name', 'slug', 'term_group', 'description', 'count'] as const),
  ),
});

/** `GET /wc-analytics/products/attributes`. */
export const AttributesSearchQuery = query({ ...paging, search });

/** `GET /wc-analytics/products/attributes/{id}/terms` (at most 100 per page). */
export const AttributeTermsQuery = query({
  ...paging,
  search,
  include: Type.Optional(IdList),
  orderby: Type.Optional(oneOf(['id', 'include', 'name', 'slug', 'menu_order', 'count'] as const)),
});

/** `{id}` of an attribute: a numeric id or a custom attribute slug. */
export const AttributeIdParams = Type.Object({
  id: Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' }),
});

/** A numeric `{id}`/`{parent}` path parameter. */
export const ParentIdParams = Type.Object({ parent: PositiveId });
/** A numeric `{id}` path parameter. */
export const NumericIdParams = Type.Object({ id: PositiveId });

/** `GET /wc-analytics/coupons`. */
export const CouponsSearchQuery = query({
  ...paging,
  search,
  code: Type.Optional(Type.String({ maxLength: 200 })),
  include: Type.Optional(IdList),
  exclude: Type.Optional(IdList),
  orderby: Type.Optional(oneOf(['date', 'id', 'include', 'title', 'slug', 'code'] as const)),
});

/** `GET /wc-analytics/data/download-ips` (`match` is required; checked with its own error code). */
export const DownloadIpsQuery = query({
  context: paging.context,
  _locale: paging._locale,
  match: Type.Optional(Type.String({ maxLength: 45 })),
});

/** `GET /wc-analytics/data/countries`. */
export const CountriesQuery = query({ context: paging.context, _locale: paging._locale });

/** `GET /wc-analytics/orders` (the orders autocompleter). */
export const OrdersSearchQuery = query({
  ...paging,
  number: Type.Optional(Type.String({ maxLength: 20 })),
  search,
  include: Type.Optional(IdList),
  status: Type.Optional(Type.Array(oneOf(['any', ...orderStatuses] as const), { maxItems: 10 })),
  orderby: Type.Optional(oneOf(['date', 'id', 'include'] as const)),
});

/** `GET /wc-analytics/taxes`: `search` (server) or `code` (older client). */
export const TaxesSearchQuery = query({
  ...paging,
  search,
  code: Type.Optional(Type.String({ maxLength: 200 })),
  include: Type.Optional(IdList),
  orderby: Type.Optional(oneOf(['id', 'order', 'priority'] as const)),
});

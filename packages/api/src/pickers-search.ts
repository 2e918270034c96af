import { type Static, type TProperties, Type } from 'typebox';
import { MAX_SAFE_ID, nullable, PositiveId } from './admin-common';
import { IdList, oneOf, query } from './reports-common';
import { CustomersListRow, LinkList, VariationAttributeBody } from './reports-lists';
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
  status: Type.Optional(
    oneOf(['any', 'future', 'trash', 'draft', 'pending', 'private', 'publish'] as const),
  ),
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

/*
 * Answers of the picker searches (docs/api.md, "Analytics: picker searches"): closed row
 * schemas in the WC v3 shapes the autocompleters read. Dates are `YYYY-MM-DDTHH:MM:SS`; money
 * is a decimal string, as WC v3 sends it.
 */

const closed = <P extends TProperties>(properties: P) =>
  Type.Object(properties, { additionalProperties: false });
const selfLinks = closed({ self: LinkList });

/** A product image: the one image a product has. */
export const ProductImageBody = closed({
  id: Type.Integer(),
  src: Type.String(),
  name: Type.String(),
  alt: Type.String(),
});

/** A product of `GET /wc-analytics/products` (WC v3 fields the client reads, plus `low_in_stock`). */
const productSearchProperties = {
  id: PositiveId,
  name: Type.String(),
  slug: Type.String(),
  permalink: Type.String(),
  date_created: Type.String(),
  date_created_gmt: Type.String(),
  type: Type.String(),
  parent_id: Type.Integer({ minimum: 0 }),
  sku: Type.String(),
  price: Type.String(),
  regular_price: Type.String(),
  total_sales: Type.Integer(),
  manage_stock: Type.Boolean(),
  /** Null when stock is not counted. */
  stock_quantity: nullable(Type.Integer()),
  stock_status: Type.String(),
  /** The product's own amount; null when it uses the store's threshold. */
  low_stock_amount: nullable(Type.Integer()),
  /** Managed, in stock, and at or under its (or the store's) low-stock amount. */
  low_in_stock: Type.Boolean(),
  images: Type.Array(ProductImageBody),
};

/** A product of `GET /wc-analytics/products`. */
export const ProductSearchRow = closed({ ...productSearchProperties, _links: selfLinks });
/** A product of the products picker. */
export type ProductSearchRow = Static<typeof ProductSearchRow>;

/**
 * A variation of `GET /wc-analytics/products/{id}/variations` and `/variations`: the product
 * fields with the parent's name, its attributes and its image (null without one).
 */
export const VariationSearchRow = closed({
  ...productSearchProperties,
  description: Type.String(),
  attributes: Type.Array(VariationAttributeBody),
  image: nullable(ProductImageBody),
  _links: closed({ self: LinkList, up: LinkList }),
});
/** A variation of the variations picker. */
export type VariationSearchRow = Static<typeof VariationSearchRow>;

/** A category of `GET /wc-analytics/products/categories`. */
export const CategorySearchRow = closed({
  id: PositiveId,
  name: Type.String(),
  slug: Type.String(),
  /** The parent category, 0 at the top. */
  parent: Type.Integer({ minimum: 0 }),
  description: Type.String(),
  display: Type.Literal('default'),
  image: Type.Null(),
  menu_order: Type.Integer(),
  /** Products in the category. */
  count: Type.Integer(),
  _links: selfLinks,
});
/** A category of the categories picker. */
export type CategorySearchRow = Static<typeof CategorySearchRow>;

/** An attribute of `GET /wc-analytics/products/attributes` (and `/{id}`). */
export const AttributeBody = closed({
  id: PositiveId,
  name: Type.String(),
  slug: Type.String(),
  type: Type.Literal('select'),
  order_by: Type.Literal('menu_order'),
  has_archives: Type.Boolean(),
});
/** An attribute. */
export type AttributeBody = Static<typeof AttributeBody>;

/** A term of `GET /wc-analytics/products/attributes/{id}/terms`. */
export const AttributeTermRow = closed({
  id: PositiveId,
  name: Type.String(),
  slug: Type.String(),
  description: Type.String(),
  menu_order: Type.Integer(),
  /** Products using the term. */
  count: Type.Integer(),
});
/** A term of an attribute. */
export type AttributeTermRow = Static<typeof AttributeTermRow>;

/** A coupon of `GET /wc-analytics/coupons`; the expiry dates are null when it never expires. */
export const CouponSearchRow = closed({
  id: PositiveId,
  code: Type.String(),
  amount: Type.String(),
  discount_type: Type.String(),
  date_created: Type.String(),
  date_created_gmt: Type.String(),
  date_expires: nullable(Type.String()),
  date_expires_gmt: nullable(Type.String()),
  _links: selfLinks,
});
/** A coupon of the coupons picker. */
export type CouponSearchRow = Static<typeof CouponSearchRow>;

/** A country of `GET /wc-analytics/data/countries`, with the states WooCommerce lists. */
export const CountryBody = closed({
  code: Type.String(),
  name: Type.String(),
  states: Type.Array(closed({ code: Type.String(), name: Type.String() })),
  _links: selfLinks,
});
/** A country. */
export type CountryBody = Static<typeof CountryBody>;

/** An IP address of `GET /wc-analytics/data/download-ips`. */
export const DownloadIpRow = closed({ user_ip_address: Type.String() });
/** An IP address of the download IPs picker. */
export type DownloadIpRow = Static<typeof DownloadIpRow>;

/** An order of `GET /wc-analytics/orders`. */
export const OrderSearchRow = closed({
  id: PositiveId,
  number: Type.String(),
  status: Type.String(),
  currency: Type.String(),
  currency_symbol: Type.String(),
  /** 0 for guests. */
  customer_id: Type.Integer({ minimum: 0 }),
  date_created: Type.String(),
  date_created_gmt: Type.String(),
  total: Type.String(),
  _links: selfLinks,
});
/** An order of the orders picker. */
export type OrderSearchRow = Static<typeof OrderSearchRow>;

/** A tax rate of `GET /wc-analytics/taxes` (WC v3 shape; postcodes and cities are not kept). */
export const TaxRateRow = closed({
  id: PositiveId,
  country: Type.String(),
  state: Type.String(),
  postcode: Type.String(),
  city: Type.String(),
  postcodes: Type.Array(Type.String()),
  cities: Type.Array(Type.String()),
  /** Percent with 4 decimals, as text (e.g. '7.2500'). */
  rate: Type.String(),
  name: Type.String(),
  priority: Type.Integer(),
  compound: Type.Boolean(),
  shipping: Type.Boolean(),
  order: Type.Integer(),
  /** The tax class, `standard` for the default one. */
  class: Type.String(),
  _links: selfLinks,
});
/** A tax rate of the taxes picker. */
export type TaxRateRow = Static<typeof TaxRateRow>;

/** `GET /wc-analytics/products` answer. */
export const ProductsSearchResponse = Type.Array(ProductSearchRow);
/** `GET /wc-analytics/products/{id}/variations` and `/variations` answer. */
export const VariationsSearchResponse = Type.Array(VariationSearchRow);
/** `GET /wc-analytics/products/categories` answer. */
export const CategoriesSearchResponse = Type.Array(CategorySearchRow);
/** `GET /wc-analytics/products/attributes` answer. */
export const AttributesSearchResponse = Type.Array(AttributeBody);
/** `GET /wc-analytics/products/attributes/{id}/terms` answer. */
export const AttributeTermsResponse = Type.Array(AttributeTermRow);
/** `GET /wc-analytics/coupons` answer. */
export const CouponsSearchResponse = Type.Array(CouponSearchRow);
/** `GET /wc-analytics/customers` and `/customers/{id}` answer (the customers report's rows). */
export const CustomersSearchResponse = Type.Array(CustomersListRow);
/** `GET /wc-analytics/data/countries` answer. */
export const CountriesResponse = Type.Array(CountryBody);
/** `GET /wc-analytics/data/download-ips` answer (at most 10). */
export const DownloadIpsResponse = Type.Array(DownloadIpRow);
/** `GET /wc-analytics/orders` answer. */
export const OrdersSearchResponse = Type.Array(OrderSearchRow);
/** `GET /wc-analytics/taxes` answer. */
export const TaxesSearchResponse = Type.Array(TaxRateRow);

import { type Static, Type } from 'typebox';
import {
  AdminBool,
  AdminContext,
  AdminPaging,
  Closed,
  literalUnion,
  nullable,
  orNull,
  PositiveId,
} from './admin-common';

/** Stock statuses. */
export const stockStatuses = ['instock', 'outofstock', 'onbackorder'] as const;
/** One stock status. */
export type StockStatus = (typeof stockStatuses)[number];

/** A product (or variation) as the stock update answers it (WC v3 subset). */
export const ProductBody = Closed({
  id: Type.Integer(),
  parent_id: Type.Integer(),
  name: Type.String(),
  slug: Type.String(),
  sku: Type.String(),
  type: literalUnion(['simple', 'variable', 'variation'] as const),
  status: Type.String(),
  price: Type.String(),
  regular_price: Type.String(),
  manage_stock: Type.Boolean(),
  stock_quantity: orNull(Type.Integer()),
  stock_status: literalUnion(stockStatuses),
  low_stock_amount: orNull(Type.Integer()),
  virtual: Type.Boolean(),
  downloadable: Type.Boolean(),
});
/** A product as the stock update answers it. */
export type ProductBody = Static<typeof ProductBody>;

/** The stock fields of `PUT /wc-analytics/products/{id}`. */
export const ProductStockBody = Type.Object(
  {
    stock_quantity: Type.Optional(
      nullable(Type.Integer({ minimum: -1_000_000_000, maximum: 1_000_000_000 })),
    ),
    manage_stock: Type.Optional(AdminBool),
    low_stock_amount: Type.Optional(nullable(Type.Integer({ minimum: 0, maximum: 1_000_000_000 }))),
    context: AdminContext,
  },
  { additionalProperties: false },
);

/** `{id}` route params. */
export const ProductIdParams = Type.Object({ id: PositiveId });
/** `{parent}/variations/{id}` route params. */
export const VariationIdParams = Type.Object({
  parent: PositiveId,
  id: PositiveId,
});

/** `GET /wc-analytics/products/low-in-stock`. */
export const LowInStockQuery = Type.Object(
  { ...AdminPaging, context: AdminContext },
  { additionalProperties: false },
);

/** A low-in-stock row. */
export const LowInStockRow = Closed({
  id: Type.Integer(),
  parent_id: Type.Integer(),
  name: Type.String(),
  type: literalUnion(['product', 'variation'] as const),
  stock_quantity: Type.Integer(),
  low_stock_amount: Type.Integer(),
  last_order_date: orNull(Type.String()),
  images: Type.Array(Closed({ src: Type.String() })),
  attributes: Type.Array(
    Closed({ id: Type.Integer(), name: Type.String(), option: Type.String() }),
  ),
});
/** A low-in-stock row. */
export type LowInStockRow = Static<typeof LowInStockRow>;

/** `GET /wc-analytics/products/low-in-stock`. */
export const LowInStockResponse = Type.Array(LowInStockRow);

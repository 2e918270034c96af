import { Type } from 'typebox';
import { AdminBool, AdminContext, AdminPaging, nullable, PositiveId } from './admin-common';

/** Stock statuses. */
export type StockStatus = 'instock' | 'outofstock' | 'onbackorder';

/** A product (or variation) as the stock update answers it (WC v3 subset). */
export interface ProductBody {
  id: number;
  parent_id: number;
  name: string;
  slug: string;
  sku: string;
  type: 'simple' | 'variable' | 'variation';
  status: string;
  price: string;
  regular_price: string;
  manage_stock: boolean;
  stock_quantity: number | null;
  stock_status: StockStatus;
  low_stock_amount: number | null;
  virtual: boolean;
  downloadable: boolean;
}

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
export interface LowInStockRow {
  id: number;
  parent_id: number;
  name: string;
  type: 'product' | 'variation';
  stock_quantity: number;
  low_stock_amount: number;
  last_order_date: string | null;
  images: { src: string }[];
  attributes: { id: number; name: string; option: string }[];
}

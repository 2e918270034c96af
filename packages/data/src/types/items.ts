// Product-like item types per API.md §4 and §5.9, until packages/api has schemas.

/** Product types the stock update distinguishes. */
export type ProductType = 'simple' | 'variable' | 'variation' | 'grouped' | 'external';

/** A product-like item: products, variations, categories, coupons, customers, … */
export interface Item {
  readonly id: number | string;
  readonly name?: string;
  readonly [field: string]: unknown;
}

/** The product fields the stock update uses. */
export interface Product extends Item {
  readonly id: number;
  readonly parent_id?: number;
  readonly type?: ProductType | string;
  readonly stock_quantity?: number | null;
}

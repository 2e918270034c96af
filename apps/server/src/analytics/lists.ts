/*
 * The list reports, one module each (products, variations, categories, coupons, taxes), and
 * what they share (list-parts.ts, product-records.ts), under the names their callers import.
 */
export { categoriesList } from './categories-list';
export { couponsList } from './coupons-list';
export type { ListRange, ProductListParams } from './list-parts';
export { lowStockThreshold, productsById } from './product-records';
export { productsList } from './products-list';
export { taxesList } from './taxes-list';
export { variationsList } from './variations-list';

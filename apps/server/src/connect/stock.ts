import type { StockStatus } from '@storelens/api';
import type { Db } from '../db/database';
import type { ProductTable } from '../db/schema';
import { ApiError } from '../errors';
import type { ClientOptions } from './client';
import { clientOf } from './jobs';
import { listConnections, updateConnection } from './tables';

/** A stock change as the dashboard sends it (WooCommerce's product fields). */
export interface StockChange {
  manage_stock?: boolean;
  stock_quantity?: number | null;
  low_stock_amount?: number | null;
}

/** The stock a product has on the shop after the change, as the shop answered it. */
export interface ShopStock {
  manage_stock: boolean;
  stock_quantity: number | null;
  stock_status: StockStatus;
  low_stock_amount: number | null;
}

/**
 * Writes a stock change to the connected shop first. Without a connection the change is
 * Storelens's alone (a demo, or an imported file), and this answers undefined.
 */
export type StockWriteThrough = (
  product: ProductTable,
  change: StockChange,
) => Promise<ShopStock | undefined>;

const STATUSES: readonly StockStatus[] = ['instock', 'outofstock', 'onbackorder'];

/**
 * The connector's write-through of stock changes: `PUT products/{id}` or
 * `products/{parent}/variations/{id}` on the shop (WooCommerce's REST API), whose answer is
 * what Storelens then keeps. A key without write permission (the connection says so when it is
 * made, or the shop refuses with 401/403) changes nothing, and says how to change that.
 */
export function shopStockWriter(db: Db, client: ClientOptions = {}): StockWriteThrough {
  return async (product, change) => {
    const [c] = await listConnections(db);
    if (!c) return undefined;
    if (c.can_write !== 1) throw ApiError.of('storelens_shop_read_only');
    const parent = Number(product.parent_id);
    const path =
      parent > 0
        ? `/wp-json/wc/v3/products/${parent}/variations/${Number(product.id)}`
        : `/wp-json/wc/v3/products/${Number(product.id)}`;
    let res: Awaited<ReturnType<ReturnType<typeof clientOf>['request']>>;
    try {
      res = await clientOf(db, c, {
        ...client,
        attempts: Math.min(client.attempts ?? 3, 3),
      }).request('PUT', path, { body: change });
    } catch (error) {
      throw shopFailed((error as Error).message);
    }
    if (res.status === 401 || res.status === 403) {
      // The key lost its write permission (or never had it): the dashboard disables editing.
      await updateConnection(db, c.id, { can_write: 0 });
      throw ApiError.of('storelens_shop_read_only');
    }
    if (res.status === 404) throw ApiError.of('storelens_shop_product_missing');
    const body = res.body as Partial<Record<keyof ShopStock, unknown>> & { message?: unknown };
    if (res.status < 200 || res.status >= 300 || typeof body !== 'object' || body === null)
      throw shopFailed(
        typeof body?.message === 'string' ? body.message : `the shop answered HTTP ${res.status}`,
      );
    const quantity = body.stock_quantity;
    const low = body.low_stock_amount;
    return {
      manage_stock: body.manage_stock === true,
      stock_quantity: typeof quantity === 'number' && Number.isFinite(quantity) ? quantity : null,
      stock_status: STATUSES.includes(body.stock_status as StockStatus)
        ? (body.stock_status as StockStatus)
        : 'instock',
      low_stock_amount: typeof low === 'number' && Number.isFinite(low) ? low : null,
    };
  };
}

const shopFailed = (reason: string) => ApiError.of('storelens_shop_write_failed', reason);

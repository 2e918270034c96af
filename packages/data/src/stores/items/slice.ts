import type {
  CategorySearchRow,
  CouponSearchRow,
  CustomersListRow,
  LowInStockRow,
  OrderSearchRow,
  ProductBody,
  ProductSearchRow,
  TaxRateRow,
  VariationSearchRow,
} from '@storelens/api';
import type { QueryArgs } from '../../client/query-string.ts';
import { runOptimistic } from '../../core/optimistic.ts';
import { NAMESPACES, STORE_NAMES } from '../../core/paths.ts';
import { createResource, idKey, type ResourceState } from '../../core/resource.ts';
import { stableKey } from '../../core/stable-key.ts';
import type { AppThunk } from '../../core/thunk.ts';

/**
 * A product-like item of the items store: products, variations, categories, coupons,
 * customers, … (one store for several record kinds, so its fields are open).
 */
export interface Item {
  readonly id: number | string;
  readonly name?: string;
  readonly [field: string]: unknown;
}

/** The record type of each item type, by its schema in @storelens/api (the picker rows). */
export interface ItemRows {
  products: ProductSearchRow;
  variations: VariationSearchRow;
  categories: CategorySearchRow;
  coupons: CouponSearchRow;
  customers: CustomersListRow;
  orders: OrderSearchRow;
  taxes: TaxRateRow;
  'products/low-in-stock': LowInStockRow;
}

/** The records of an item type: its schema's row when known, else an open `Item`. */
export type ItemOf<T extends string = string> = T extends keyof ItemRows ? ItemRows[T] : Item;

/**
 * What a stock update reads of its target: a product or variation (`ProductBody` of
 * @storelens/api) or a low-in-stock row.
 */
export interface StockTarget {
  readonly id: number;
  readonly type?: string;
  readonly parent_id?: number;
}

/** `wc/admin/items`: the resource core with one scope per item type. */
export const itemsResource = createResource<Item>(STORE_NAMES.items);
/** Items state: item type → records by id and per-query ids, total and error. */
export type ItemsState = ResourceState<Item>;

/** A count-only request asks for page 1 with one record per page. */
export const COUNT_ONLY_QUERY = { page: 1, per_page: 1 } as const;

/** The REST path of an item type: `categories` maps to `products/categories`. */
export function itemsPath(itemType: string): string {
  const route = itemType === 'categories' ? 'products/categories' : itemType;
  return `${NAMESPACES.analytics}/${route}`;
}

/** The cache key of a count-only query. */
export const countQueryKey = (query: QueryArgs): string => `count:${stableKey(query)}`;

/** The stock-update path: `products/{parent_id}/variations/{id}` for a variation. */
export function stockUpdatePath(product: StockTarget): string {
  if (product.type === 'variation' && product.parent_id) {
    return `${NAMESPACES.analytics}/products/${product.parent_id}/variations/${product.id}`;
  }
  return `${NAMESPACES.analytics}/products/${product.id}`;
}

/**
 * Fetches items of a type. `per_page: -1` fetches the full list and counts its length
 * (headers are not read); otherwise the total comes from `X-WP-Total`.
 */
export function fetchItems(
  itemType: string,
  query: QueryArgs = {},
  options: { force?: boolean } = {},
): AppThunk<void> {
  return async (dispatch, getState, { client }) => {
    const key = stableKey(query);
    if (!itemsResource.needsFetch(getState().items, itemType, key, options.force)) return;
    await itemsResource.runQuery(dispatch, itemType, key, async () => {
      const response = await client.get<Item[] | null>(itemsPath(itemType), query);
      const list = response.data ?? [];
      const fullList = query.per_page === -1;
      return {
        items: list,
        result: {
          ids: list.map((item) => idKey(item.id)),
          total: fullList ? list.length : response.total,
          totalPages: fullList ? 1 : response.totalPages,
        },
      };
    });
  };
}

/** Fetches only the total of a query (page 1, per_page 1); kept under `countQueryKey`. */
export function fetchItemsTotalCount(
  itemType: string,
  query: QueryArgs = {},
  options: { force?: boolean } = {},
): AppThunk<void> {
  return async (dispatch, getState, { client }) => {
    const key = countQueryKey(query);
    if (!itemsResource.needsFetch(getState().items, itemType, key, options.force)) return;
    await itemsResource.runQuery(dispatch, itemType, key, async () => {
      const response = await client.get<unknown>(itemsPath(itemType), {
        ...query,
        ...COUNT_ONLY_QUERY,
      });
      return { result: { ids: [], total: response.total, totalPages: response.totalPages } };
    });
  };
}

/**
 * Optimistic stock update: the local product gets the quantity at once; on failure it is
 * reverted, the error recorded under `updateStock:{id}`, and the thunk resolves false.
 */
export function updateProductStock(product: StockTarget, quantity: number): AppThunk<boolean> {
  return async (dispatch, getState, { client }) => {
    const { actions } = itemsResource;
    const operation = `updateStock:${product.id}`;
    // Every list holding the product shows the new quantity at once (e.g. the low-stock list as
    // well as products); errors are recorded under `products`, as before.
    const holding = () => {
      const state = getState().items;
      const scopes = Object.keys(state).filter((scope) => state[scope]?.byId[idKey(product.id)]);
      return scopes.includes('products') ? scopes : ['products', ...scopes];
    };
    const scopes = holding();
    const result = await runOptimistic({
      snapshot: () =>
        scopes.map((scope) => ({
          scope,
          item: getState().items[scope]?.byId[idKey(product.id)] ?? null,
        })),
      apply: () => {
        for (const scope of scopes) {
          dispatch(actions.updatingChanged({ scope, id: product.id, updating: true }));
          dispatch(
            actions.itemPatched({ scope, id: product.id, patch: { stock_quantity: quantity } }),
          );
        }
      },
      send: () => client.put<ProductBody>(stockUpdatePath(product), { stock_quantity: quantity }),
      rollback: (snapshot, error) => {
        for (const { scope, item } of snapshot)
          dispatch(actions.itemRestored({ scope, id: product.id, item }));
        dispatch(actions.operationFailed({ scope: 'products', operation, error }));
      },
      settle: () => {
        for (const scope of scopes) {
          dispatch(actions.updatingChanged({ scope, id: product.id, updating: false }));
          dispatch(actions.invalidated({ scope }));
        }
        return undefined;
      },
    });
    if (result.ok) dispatch(actions.operationSucceeded({ scope: 'products', operation }));
    return result.ok;
  };
}

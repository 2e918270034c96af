import { useMemo } from 'react';
import type { ApiError } from '../../client/api-error.ts';
import type { QueryArgs } from '../../client/query-string.ts';
import { useStorelensDispatch } from '../../react/provider.tsx';
import { dataOfArgs, entryView, useQuery } from '../../react/use-query.ts';
import { type ResourceList, useResourceList } from '../../react/use-resource-list.ts';
import type { ItemOf, StockTarget } from './slice.ts';
import { countQueryKey, fetchItems, fetchItemsTotalCount, updateProductStock } from './slice.ts';

/** What `useItems` returns. */
export interface UseItemsResult<I = ItemOf> extends ResourceList<I> {
  /** Optimistic stock update; resolves false (after reverting) on failure. */
  readonly updateProductStock: (product: StockTarget, quantity: number) => Promise<boolean>;
}

/**
 * Reads product-like items of a type (`per_page: -1` for the full list); a type named
 * literally (`useItems('products', …)`) types them by its row schema (`ItemRows`).
 */
export function useItems<T extends string>(
  itemType: T,
  query: QueryArgs = {},
): UseItemsResult<ItemOf<T>> {
  const dispatch = useStorelensDispatch();
  const list = useResourceList((s) => s.items, itemType, query, fetchItems);
  return useMemo(
    () => ({
      // The type's records were stored from its answers, which its row schema writes.
      ...(list as unknown as ResourceList<ItemOf<T>>),
      updateProductStock: (product, quantity) => dispatch(updateProductStock(product, quantity)),
    }),
    [list, dispatch],
  );
}

/** Reads only the total of a query (page 1, per_page 1). */
export function useItemsTotalCount(
  itemType: string,
  query: QueryArgs = {},
): {
  readonly total: number | null;
  readonly isRequesting: boolean;
  readonly error: ApiError | null;
} {
  const q = useQuery({
    store: 'items/count',
    args: { itemType, query },
    select: (s, a) => s.items[a.itemType]?.queries[countQueryKey(a.query)],
    view: entryView,
    fetch: (a) => fetchItemsTotalCount(a.itemType, a.query),
  });
  return useMemo(
    () => ({
      total: dataOfArgs(q)?.total ?? null,
      isRequesting: q.isFetching,
      error: q.error,
    }),
    [q],
  );
}

import { useMemo } from 'react';
import type { ApiError } from '../../client/api-error.ts';
import { useStorelensDispatch } from '../../react/provider.tsx';
import { useFetchedOnce } from '../../react/use-query.ts';
import type { MenuItem } from './slice.ts';
import {
  addFavorite,
  type FavoritesOperation,
  fetchFavorites,
  navigationSlice,
  removeFavorite,
} from './slice.ts';

/** What `useFavorites` returns. */
export interface UseFavoritesResult {
  readonly favorites: readonly string[];
  readonly menuItems: Readonly<Record<string, MenuItem>>;
  readonly isRequesting: boolean;
  readonly errors: Readonly<Partial<Record<FavoritesOperation, ApiError>>>;
  /** Registers menu items so favorites can move them between menus. */
  readonly addMenuItems: (items: readonly MenuItem[]) => void;
  readonly addFavorite: (id: string) => Promise<void>;
  readonly removeFavorite: (id: string) => Promise<void>;
}

/** Reads the user's favorites (fetched once) and adds or removes them. */
export function useFavorites(): UseFavoritesResult {
  const dispatch = useStorelensDispatch();
  const state = useFetchedOnce(
    'navigation',
    (s) => s.navigation,
    fetchFavorites,
    (n) => n.requesting.getFavorites === undefined,
  );
  return useMemo(
    () => ({
      favorites: state.favorites,
      menuItems: state.menuItems,
      isRequesting: Object.values(state.requesting).some(Boolean),
      errors: state.errors,
      addMenuItems: (items) => {
        dispatch(navigationSlice.actions.menuItemsAdded(items));
      },
      addFavorite: (id) => dispatch(addFavorite(id)),
      removeFavorite: (id) => dispatch(removeFavorite(id)),
    }),
    [state, dispatch],
  );
}

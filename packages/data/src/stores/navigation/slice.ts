import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { type ApiError, toApiError } from '../../client/api-error.ts';
import { NAMESPACES, STORE_NAMES } from '../../core/paths.ts';
import type { AppThunk } from '../../core/thunk.ts';

/** The menus an item moves between. */
export type MenuId = 'favorites' | 'plugins' | (string & {});

/** A navigation menu item (registered by the client, not read from the server). */
export interface MenuItem {
  readonly id: string;
  readonly title?: string;
  readonly menuId: MenuId;
}

/** Favorites operations. */
export type FavoritesOperation = 'getFavorites' | 'addFavorite' | 'removeFavorite';

/** Navigation state: menu items, favorite ids, and per-operation bookkeeping. */
export interface NavigationState {
  readonly menuItems: Readonly<Record<string, MenuItem>>;
  readonly favorites: readonly string[];
  readonly requesting: Readonly<Partial<Record<FavoritesOperation, boolean>>>;
  readonly errors: Readonly<Partial<Record<FavoritesOperation, ApiError>>>;
}

const initialState: NavigationState = { menuItems: {}, favorites: [], requesting: {}, errors: {} };

type Op = { operation: FavoritesOperation };

/** The navigation slice: each favorites call is request → success or failure. */
export const navigationSlice = createSlice({
  name: STORE_NAMES.navigation,
  initialState,
  reducers: {
    menuItemsAdded(state, action: PayloadAction<readonly MenuItem[]>) {
      for (const item of action.payload) state.menuItems[item.id] = { ...item };
    },
    favoritesRequest(state, action: PayloadAction<Op>) {
      state.requesting[action.payload.operation] = true;
    },
    favoritesFailure(state, action: PayloadAction<Op & { error: ApiError }>) {
      state.requesting[action.payload.operation] = false;
      state.errors[action.payload.operation] = action.payload.error;
    },
    getFavoritesSuccess(state, action: PayloadAction<readonly string[]>) {
      state.requesting.getFavorites = false;
      delete state.errors.getFavorites;
      state.favorites = [...action.payload];
    },
    addFavoriteSuccess(
      state,
      action: PayloadAction<{ id: string; favorites?: readonly string[] }>,
    ) {
      const { id, favorites } = action.payload;
      state.requesting.addFavorite = false;
      delete state.errors.addFavorite;
      state.favorites = favorites ? [...favorites] : [...new Set([...state.favorites, id])];
      const item = state.menuItems[id];
      if (item) item.menuId = 'favorites';
    },
    removeFavoriteSuccess(
      state,
      action: PayloadAction<{ id: string; favorites?: readonly string[] }>,
    ) {
      const { id, favorites } = action.payload;
      state.requesting.removeFavorite = false;
      delete state.errors.removeFavorite;
      state.favorites = favorites ? [...favorites] : state.favorites.filter((f) => f !== id);
      const item = state.menuItems[id];
      if (item) item.menuId = 'plugins';
    },
  },
});

const {
  favoritesRequest,
  favoritesFailure,
  getFavoritesSuccess,
  addFavoriteSuccess,
  removeFavoriteSuccess,
} = navigationSlice.actions;

const path = `${NAMESPACES.admin}/navigation/favorites/me`;
const idList = (data: unknown): string[] | undefined =>
  Array.isArray(data) ? data.map(String) : undefined;

function favoritesCall<R>(
  operation: FavoritesOperation,
  run: (...args: Parameters<AppThunk<R>>) => Promise<R>,
): AppThunk<R> {
  return async (dispatch, getState, extra) => {
    dispatch(favoritesRequest({ operation }));
    try {
      return await run(dispatch, getState, extra);
    } catch (thrown) {
      const error = toApiError(thrown);
      dispatch(favoritesFailure({ operation, error }));
      throw error;
    }
  };
}

/** Fetches the current user's favorite item ids. */
export const fetchFavorites = (): AppThunk<string[]> =>
  favoritesCall('getFavorites', async (dispatch, _getState, { client }) => {
    const favorites = idList((await client.get<unknown>(path)).data) ?? [];
    dispatch(getFavoritesSuccess(favorites));
    return favorites;
  });

/** Adds a favorite; on success the item moves to the favorites menu. */
export const addFavorite = (id: string): AppThunk<void> =>
  favoritesCall('addFavorite', async (dispatch, _getState, { client }) => {
    const { data } = await client.post<unknown>(path, { item_id: id });
    dispatch(addFavoriteSuccess({ id, favorites: idList(data) }));
  });

/** Removes a favorite; on success the item moves back to the plugins menu. */
export const removeFavorite = (id: string): AppThunk<void> =>
  favoritesCall('removeFavorite', async (dispatch, _getState, { client }) => {
    const { data } = await client.delete<unknown>(path, { item_id: id });
    dispatch(removeFavoriteSuccess({ id, favorites: idList(data) }));
  });

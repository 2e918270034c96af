import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { WpUser } from '@storelens/api';
import { type ApiError, toApiError } from '../../client/api-error.ts';
import type { AppThunk } from '../../core/thunk.ts';

/** The signed-in user (`GET /wp/v2/users/me`) and the state of its preference writes. */
export interface UserState {
  readonly user: WpUser | null;
  readonly requesting: boolean;
  readonly error: ApiError | null;
  /** The last failed preference write, by key (cleared by the next successful one). */
  readonly preferenceErrors: Readonly<Record<string, ApiError>>;
}

const initialState: UserState = {
  user: null,
  requesting: false,
  error: null,
  preferenceErrors: {},
};

/** The current-user slice. */
export const userSlice = createSlice({
  name: 'wp/core/current-user',
  initialState,
  reducers: {
    userRequest(state) {
      state.requesting = true;
    },
    userSuccess(state, action: PayloadAction<WpUser>) {
      state.requesting = false;
      state.error = null;
      state.user = action.payload;
    },
    userFailure(state, action: PayloadAction<ApiError>) {
      state.requesting = false;
      state.error = action.payload;
    },
    /** Sets one woocommerce_meta key (optimistically, or back on failure). */
    metaSet(state, action: PayloadAction<{ key: string; value: string | undefined }>) {
      if (!state.user) return;
      const { key, value } = action.payload;
      if (value === undefined) delete state.user.woocommerce_meta[key];
      else state.user.woocommerce_meta[key] = value;
    },
    preferenceFailure(state, action: PayloadAction<{ key: string; error: ApiError }>) {
      state.preferenceErrors[action.payload.key] = action.payload.error;
    },
    preferenceSuccess(state, action: PayloadAction<{ key: string }>) {
      delete state.preferenceErrors[action.payload.key];
    },
  },
});

const { userRequest, userSuccess, userFailure, metaSet, preferenceFailure, preferenceSuccess } =
  userSlice.actions;

/** The REST path of the current user. */
export const CURRENT_USER_PATH = '/wp/v2/users/me';

/** Fetches the current user. */
export function fetchCurrentUser(): AppThunk<WpUser> {
  return async (dispatch, _getState, { client }) => {
    dispatch(userRequest());
    try {
      const { data } = await client.get<WpUser>(CURRENT_USER_PATH);
      dispatch(userSuccess(data));
      return data;
    } catch (error) {
      const e = toApiError(error);
      dispatch(userFailure(e));
      throw e;
    }
  };
}

/**
 * Saves one preference: the new JSON text shows at once, the server merges the key into
 * woocommerce_meta; on failure the old value comes back and the promise rejects.
 */
export function saveUserPreference(key: string, json: string): AppThunk<void> {
  return async (dispatch, getState, { client }) => {
    const before = getState().user.user?.woocommerce_meta[key];
    dispatch(metaSet({ key, value: json }));
    try {
      await client.post(CURRENT_USER_PATH, { woocommerce_meta: { [key]: json } });
      dispatch(preferenceSuccess({ key }));
    } catch (error) {
      const e = toApiError(error);
      dispatch(metaSet({ key, value: before }));
      dispatch(preferenceFailure({ key, error: e }));
      throw e;
    }
  };
}

import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { type ApiError, toApiError } from '../../client/api-error.ts';
import { runOptimistic } from '../../core/optimistic.ts';
import { NAMESPACES, STORE_NAMES } from '../../core/paths.ts';
import type { AppThunk } from '../../core/thunk.ts';
import type { StorelensState } from '../../store.ts';

/** `wc/admin/options` state: values apart from the request bookkeeping. */
export interface OptionsState {
  /** Option values by name, as received or optimistically updated. */
  readonly values: Readonly<Record<string, unknown>>;
  /** True while an update is in flight. */
  readonly isUpdating: boolean;
  /** The last update failure, cleared when the next update starts. */
  readonly updatingError: ApiError | null;
  /** Read failures by option name. */
  readonly requestingErrors: Readonly<Record<string, ApiError>>;
  /** Names with a read in flight. */
  readonly requesting: Readonly<Record<string, true>>;
}

const initialState: OptionsState = {
  values: {},
  isUpdating: false,
  updatingError: null,
  requestingErrors: {},
  requesting: {},
};

/** The options slice. */
export const optionsSlice = createSlice({
  name: STORE_NAMES.options,
  initialState,
  reducers: {
    optionRequested(state, action: PayloadAction<string>) {
      state.requesting[action.payload] = true;
      delete state.requestingErrors[action.payload];
    },
    optionsReceived(state, action: PayloadAction<Record<string, unknown>>) {
      Object.assign(state.values, action.payload);
      for (const name of Object.keys(action.payload)) delete state.requesting[name];
    },
    optionRequestFailed(state, action: PayloadAction<{ name: string; error: ApiError }>) {
      delete state.requesting[action.payload.name];
      state.requestingErrors[action.payload.name] = action.payload.error;
    },
    updateStarted(state, action: PayloadAction<Record<string, unknown>>) {
      state.isUpdating = true;
      state.updatingError = null;
      Object.assign(state.values, action.payload);
    },
    updateSucceeded(state) {
      state.isUpdating = false;
    },
    updateFailed(
      state,
      action: PayloadAction<{
        error: ApiError;
        snapshot: Record<string, { value: unknown } | null>;
      }>,
    ) {
      state.isUpdating = false;
      state.updatingError = action.payload.error;
      for (const [name, previous] of Object.entries(action.payload.snapshot)) {
        if (previous) state.values[name] = previous.value;
        else delete state.values[name];
      }
    },
  },
});

const {
  optionRequested,
  optionsReceived,
  optionRequestFailed,
  updateStarted,
  updateSucceeded,
  updateFailed,
} = optionsSlice.actions;

/** Selects the options state. */
export const selectOptionsState = (state: StorelensState): OptionsState => state.options;

/** Selects one option's value (undefined until received). */
export const selectOption = (state: StorelensState, name: string): unknown =>
  state.options.values[name];

/** Reads one option through the batching loader; a failure is recorded, resolving undefined. */
export function fetchOption(name: string, options: { force?: boolean } = {}): AppThunk<unknown> {
  return async (dispatch, getState, { optionsLoader }) => {
    const state = getState().options;
    if (state.requesting[name]) return optionsLoader.load(name).catch(() => undefined);
    if (!options.force && name in state.values) return state.values[name];
    dispatch(optionRequested(name));
    try {
      const value = await optionsLoader.load(name);
      dispatch(optionsReceived({ [name]: value }));
      return value;
    } catch (thrown) {
      dispatch(optionRequestFailed({ name, error: toApiError(thrown) }));
      return undefined;
    }
  };
}

/** Reads several options (batched into one request). */
export function fetchOptions(
  names: readonly string[],
  options: { force?: boolean } = {},
): AppThunk<Record<string, unknown>> {
  return async (dispatch) => {
    const values = await Promise.all(names.map((name) => dispatch(fetchOption(name, options))));
    return Object.fromEntries(names.map((name, i) => [name, values[i]]));
  };
}

/** The result of `updateOptions`: the server's answer with success true, or the error with success false. */
export type UpdateOptionsResult =
  | ({ readonly success: true } & Readonly<Record<string, unknown>>)
  | ({ readonly success: false } & ApiError);

/** Updates options optimistically; rolls back and records `updatingError` on failure. */
export function updateOptions(
  values: Readonly<Record<string, unknown>>,
): AppThunk<UpdateOptionsResult> {
  return async (dispatch, getState, { client, optionsLoader }) => {
    const names = Object.keys(values);
    const result = await runOptimistic({
      snapshot: () => {
        const current = getState().options.values;
        return Object.fromEntries(
          names.map((name) => [name, name in current ? { value: current[name] } : null]),
        );
      },
      apply: () => dispatch(updateStarted({ ...values })),
      send: async () => {
        const response = await client.post<unknown>(`${NAMESPACES.admin}/options`, values);
        dispatch(updateSucceeded());
        return response.data;
      },
      rollback: (snapshot, error) => dispatch(updateFailed({ error, snapshot })),
      settle: async () => {
        optionsLoader.invalidate(names);
        await dispatch(fetchOptions(names, { force: true }));
      },
    });
    if (!result.ok) return { ...result.error, success: false };
    const body = typeof result.value === 'object' && result.value !== null ? result.value : {};
    return { ...(body as Record<string, unknown>), success: true };
  };
}

import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  ImportStatusBody as ImportStatus,
  ImportTotalsBody as ImportTotals,
} from '@storelens/api';
import { type ApiError, toApiError } from '../../client/api-error.ts';
import type { QueryArgs } from '../../client/query-string.ts';
import { NAMESPACES, STORE_NAMES } from '../../core/paths.ts';
import { stableKey } from '../../core/stable-key.ts';
import type { AppThunk } from '../../core/thunk.ts';

/** The client's choice of import period. */
export interface ImportPeriod {
  readonly label: 'all' | 'custom';
  /** The `YYYY-MM-DD` start date for `custom`; null for `all`. */
  readonly date: string | null;
}

/** A value fetched per query: last data and error. */
export interface KeyedEntry<T> {
  readonly data: T | null;
  readonly error: ApiError | null;
  readonly isRequesting: boolean;
}

/** Import state. */
export interface ImportState {
  readonly activeImport: boolean;
  readonly lastImportStartTimestamp: number | null;
  readonly period: ImportPeriod;
  readonly skipPrevious: boolean;
  /** Status by query key (the query without `timestamp`). */
  readonly statuses: Readonly<Record<string, KeyedEntry<ImportStatus>>>;
  /** Totals by query key. */
  readonly totals: Readonly<Record<string, KeyedEntry<ImportTotals>>>;
  /** Import start failures by path. */
  readonly errors: Readonly<Record<string, ApiError>>;
}

/** Import defaults. */
export const IMPORT_DEFAULTS = {
  period: { label: 'all', date: null },
  skipPrevious: true,
} as const;

const initialState: ImportState = {
  activeImport: false,
  lastImportStartTimestamp: null,
  period: { ...IMPORT_DEFAULTS.period },
  skipPrevious: IMPORT_DEFAULTS.skipPrevious,
  statuses: {},
  totals: {},
  errors: {},
};

type Keyed = 'statuses' | 'totals';

/** The import slice. Changing period, date or skip-previous resets `activeImport`. */
export const importSlice = createSlice({
  name: STORE_NAMES.import,
  initialState,
  reducers: {
    setImportPeriod(
      state,
      action: PayloadAction<{ label: 'all' } | { label: 'custom'; date: string }>,
    ) {
      state.period =
        action.payload.label === 'all'
          ? { label: 'all', date: null }
          : { label: 'custom', date: action.payload.date };
      state.activeImport = false;
    },
    setImportDate(state, action: PayloadAction<string>) {
      state.period = { label: 'custom', date: action.payload };
      state.activeImport = false;
    },
    setSkipPrevious(state, action: PayloadAction<boolean>) {
      state.skipPrevious = action.payload;
      state.activeImport = false;
    },
    setImportStarted(state, action: PayloadAction<{ active: boolean; timestamp: number }>) {
      state.activeImport = action.payload.active;
      if (action.payload.active) state.lastImportStartTimestamp = action.payload.timestamp;
    },
    importFailed(state, action: PayloadAction<{ path: string; error: ApiError }>) {
      state.errors[action.payload.path] = action.payload.error;
    },
    keyedRequested(state, action: PayloadAction<{ field: Keyed; key: string }>) {
      const { field, key } = action.payload;
      const prev = state[field][key];
      state[field][key] = { data: prev?.data ?? null, error: null, isRequesting: true } as never;
    },
    keyedReceived(state, action: PayloadAction<{ field: Keyed; key: string; data: unknown }>) {
      const { field, key, data } = action.payload;
      state[field][key] = { data, error: null, isRequesting: false } as never;
    },
    keyedFailed(state, action: PayloadAction<{ field: Keyed; key: string; error: ApiError }>) {
      const { field, key, error } = action.payload;
      const prev = state[field][key];
      state[field][key] = { data: prev?.data ?? null, error, isRequesting: false } as never;
    },
  },
});

const { setImportStarted, importFailed, keyedRequested, keyedReceived, keyedFailed } =
  importSlice.actions;

/** The default import path (docs/api.md, "Import and export"); callers may pass another. */
export const IMPORT_PATH = `${NAMESPACES.analytics}/reports/import`;

/** The status query key: the query without its `timestamp` argument. */
export function importStatusKey(query: Readonly<Record<string, unknown>>): string {
  const { timestamp: _timestamp, ...rest } = query;
  return stableKey(rest);
}

/**
 * Import request params from the import settings: `days` since the custom date (left out for
 * all time) and `skip_existing`.
 */
export function getImportParams(
  period: ImportPeriod,
  skipPrevious: boolean,
  now: number,
): { days?: number; skip_existing: boolean } {
  if (period.label === 'all' || !period.date) return { skip_existing: skipPrevious };
  const [y, m, d] = period.date.split('-').map(Number);
  const start = Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1);
  const today = new Date(now);
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return { days: Math.max(0, Math.round((end - start) / 86_400_000)), skip_existing: skipPrevious };
}

/**
 * Starts (or cancels/deletes, by path) an import: sets `activeImport` and the start timestamp,
 * then POSTs. On failure the error is stored per path, `activeImport` cleared, and rethrown.
 */
export function startImport(
  path: string = IMPORT_PATH,
  data?: Readonly<Record<string, unknown>>,
): AppThunk<unknown> {
  return async (dispatch, _getState, { client, now }) => {
    dispatch(setImportStarted({ active: true, timestamp: now() }));
    try {
      return (await client.post<unknown>(path, data)).data;
    } catch (thrown) {
      const error = toApiError(thrown);
      dispatch(importFailed({ path, error }));
      dispatch(setImportStarted({ active: false, timestamp: now() }));
      throw error;
    }
  };
}

/** Fetches the import status; `timestamp` in the query forces a new read but is not sent. */
export function fetchImportStatus(
  query: Readonly<Record<string, unknown>> = {},
): AppThunk<ImportStatus | null> {
  return async (dispatch, _getState, { client }) => {
    const key = importStatusKey(query);
    const { timestamp: _timestamp, ...sent } = query;
    dispatch(keyedRequested({ field: 'statuses', key }));
    try {
      const { data } = await client.get<ImportStatus>(
        `${NAMESPACES.analytics}/reports/import/status`,
        sent as QueryArgs,
      );
      dispatch(keyedReceived({ field: 'statuses', key, data }));
      return data;
    } catch (thrown) {
      dispatch(keyedFailed({ field: 'statuses', key, error: toApiError(thrown) }));
      return null;
    }
  };
}

/** Fetches the totals an import would cover. */
export function fetchImportTotals(query: QueryArgs = {}): AppThunk<ImportTotals | null> {
  return async (dispatch, _getState, { client }) => {
    const key = stableKey(query);
    dispatch(keyedRequested({ field: 'totals', key }));
    try {
      const { data } = await client.get<ImportTotals>(
        `${NAMESPACES.analytics}/reports/import/totals`,
        query,
      );
      dispatch(keyedReceived({ field: 'totals', key, data }));
      return data;
    } catch (thrown) {
      dispatch(keyedFailed({ field: 'totals', key, error: toApiError(thrown) }));
      return null;
    }
  };
}

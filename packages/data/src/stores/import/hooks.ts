import type {
  ImportStatusBody as ImportStatus,
  ImportTotalsBody as ImportTotals,
} from '@storelens/api';
import { useMemo } from 'react';
import type { ApiError } from '../../client/api-error.ts';
import type { QueryArgs } from '../../client/query-string.ts';
import { stableKey } from '../../core/stable-key.ts';
import type { AppThunk } from '../../core/thunk.ts';
import { useStorelensDispatch, useStorelensSelector } from '../../react/provider.tsx';
import { always, dataOfArgs, requestView, useQuery } from '../../react/use-query.ts';
import type { ImportPeriod, KeyedEntry } from './slice.ts';
import {
  fetchImportStatus,
  fetchImportTotals,
  importSlice,
  importStatusKey,
  startImport,
} from './slice.ts';

/** What `useImportStatus` returns. */
export interface UseImportStatusResult {
  readonly status: ImportStatus | null;
  readonly isRequesting: boolean;
  readonly error: ApiError | null;
}

/**
 * One keyed read of the import store, asked again on every change of the query (the import
 * moves on between two asks of the same query).
 */
function useImportRead<T>(
  field: 'statuses' | 'totals',
  keyOf: (query: Readonly<Record<string, unknown>>) => string,
  fetch: (query: QueryArgs) => AppThunk<unknown>,
  query: Readonly<Record<string, unknown>>,
): { readonly data: T | null; readonly isRequesting: boolean; readonly error: ApiError | null } {
  const q = useQuery({
    store: `import/${field}`,
    args: query,
    select: (s, a) => s.import[field][keyOf(a)] as KeyedEntry<T> | undefined,
    view: requestView,
    fetch: (a) => fetch(a as QueryArgs),
    shouldFetch: always,
  });
  return useMemo(
    () => ({ data: dataOfArgs(q) ?? null, isRequesting: q.isFetching, error: q.error }),
    [q],
  );
}

/** Reads the import status; a new `timestamp` in the query refetches (it is not sent). */
export function useImportStatus(
  query: Readonly<Record<string, unknown>> = {},
): UseImportStatusResult {
  // The whole query (timestamp included) is the key.
  const read = useImportRead<ImportStatus>('statuses', importStatusKey, fetchImportStatus, query);
  return useMemo(() => {
    const { data, ...rest } = read;
    return { status: data, ...rest };
  }, [read]);
}

/** Reads how many customers and orders an import would cover. */
export function useImportTotals(query: QueryArgs = {}): {
  readonly totals: ImportTotals | null;
  readonly isRequesting: boolean;
  readonly error: ApiError | null;
} {
  const read = useImportRead<ImportTotals>('totals', stableKey, fetchImportTotals, query);
  return useMemo(() => {
    const { data, ...rest } = read;
    return { totals: data, ...rest };
  }, [read]);
}

/** What `useImportSettings` returns. */
export interface UseImportSettingsResult {
  readonly period: ImportPeriod;
  readonly skipPrevious: boolean;
  readonly activeImport: boolean;
  readonly lastImportStartTimestamp: number | null;
  readonly errors: Readonly<Record<string, ApiError>>;
  readonly setImportPeriod: (period: { label: 'all' } | { label: 'custom'; date: string }) => void;
  readonly setImportDate: (date: string) => void;
  readonly setSkipPrevious: (skip: boolean) => void;
  readonly startImport: (
    path?: string,
    data?: Readonly<Record<string, unknown>>,
  ) => Promise<unknown>;
}

/** The import choices (period, date, skip previous) and starting an import. */
export function useImportSettings(): UseImportSettingsResult {
  const dispatch = useStorelensDispatch();
  const state = useStorelensSelector((s) => s.import);
  const { setImportPeriod, setImportDate, setSkipPrevious } = importSlice.actions;
  return useMemo(
    () => ({
      period: state.period,
      skipPrevious: state.skipPrevious,
      activeImport: state.activeImport,
      lastImportStartTimestamp: state.lastImportStartTimestamp,
      errors: state.errors,
      setImportPeriod: (period) => {
        dispatch(setImportPeriod(period));
      },
      setImportDate: (date) => {
        dispatch(setImportDate(date));
      },
      setSkipPrevious: (skip) => {
        dispatch(setSkipPrevious(skip));
      },
      startImport: (path, data) => dispatch(startImport(path, data)),
    }),
    [state, dispatch, setImportPeriod, setImportDate, setSkipPrevious],
  );
}

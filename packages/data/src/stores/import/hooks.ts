import type {
  ImportStatusBody as ImportStatus,
  ImportTotalsBody as ImportTotals,
} from '@storelens/api';
import { useEffect, useMemo } from 'react';
import type { ApiError } from '../../client/api-error.ts';
import type { QueryArgs } from '../../client/query-string.ts';
import { stableKey } from '../../core/stable-key.ts';
import {
  ignoreRejection,
  useStorelensDispatch,
  useStorelensSelector,
} from '../../react/provider.tsx';
import { useStableValue } from '../../react/use-stable-value.ts';
import type { ImportPeriod } from './slice.ts';
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

/** Reads the import status; a new `timestamp` in the query refetches (it is not sent). */
export function useImportStatus(
  query: Readonly<Record<string, unknown>> = {},
): UseImportStatusResult {
  const dispatch = useStorelensDispatch();
  // The whole query (timestamp included) decides when to refetch.
  const stableQuery = useStableValue(query);
  const entry = useStorelensSelector((s) => s.import.statuses[importStatusKey(stableQuery)]);
  useEffect(() => {
    ignoreRejection(dispatch(fetchImportStatus(stableQuery)));
  }, [dispatch, stableQuery]);
  return useMemo(
    () => ({
      status: entry?.data ?? null,
      isRequesting: entry?.isRequesting ?? true,
      error: entry?.error ?? null,
    }),
    [entry],
  );
}

/** Reads how many customers and orders an import would cover. */
export function useImportTotals(query: QueryArgs = {}): {
  readonly totals: ImportTotals | null;
  readonly isRequesting: boolean;
  readonly error: ApiError | null;
} {
  const dispatch = useStorelensDispatch();
  const stableQuery = useStableValue(query);
  const key = stableKey(stableQuery);
  const entry = useStorelensSelector((s) => s.import.totals[key]);
  useEffect(() => {
    ignoreRejection(dispatch(fetchImportTotals(stableQuery)));
  }, [dispatch, stableQuery]);
  return useMemo(
    () => ({
      totals: entry?.data ?? null,
      isRequesting: entry?.isRequesting ?? true,
      error: entry?.error ?? null,
    }),
    [entry],
  );
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

import { useCallback, useMemo } from 'react';
import type { ApiError } from '../../client/api-error.ts';
import { useStorelensDispatch } from '../../react/provider.tsx';
import { always, useQuery } from '../../react/use-query.ts';
import { fetchOptions, type UpdateOptionsResult, updateOptions } from './slice.ts';

/** What `useOptions` returns. */
export interface UseOptionsResult<N extends string> {
  /** Values of the requested options (absent until received). */
  readonly values: { readonly [K in N]?: unknown };
  /** True while any requested option is being read. */
  readonly isResolving: boolean;
  /** Read failures of the requested options. */
  readonly requestingErrors: { readonly [K in N]?: ApiError };
  readonly isUpdating: boolean;
  readonly updatingError: ApiError | null;
  /** Optimistic update; resolves `{ success, … }`. */
  readonly updateOptions: (
    values: Readonly<Record<string, unknown>>,
  ) => Promise<UpdateOptionsResult>;
}

/** Reads options by name (batched with every other read of the same tick) and updates them. */
export function useOptions<const N extends string>(names: readonly N[]): UseOptionsResult<N> {
  const dispatch = useStorelensDispatch();
  // Asked on every change of names: the loader batches them and skips none (a read refreshes).
  const q = useQuery({
    store: 'options',
    args: names,
    select: (s) => s.options,
    view: (state, asked) => {
      const values: Partial<Record<N, unknown>> = {};
      const requestingErrors: Partial<Record<N, ApiError>> = {};
      let isFetching = false;
      for (const name of asked) {
        if (name in state.values) values[name] = state.values[name];
        const error = state.requestingErrors[name];
        if (error) requestingErrors[name] = error;
        if (state.requesting[name]) isFetching = true;
      }
      return { data: { state, values, requestingErrors }, isFetching, error: null };
    },
    fetch: fetchOptions,
    shouldFetch: always,
  });
  const { state, values, requestingErrors } = q.data as NonNullable<typeof q.data>;
  return useMemo(
    () => ({
      values,
      requestingErrors,
      isResolving: q.isFetching,
      isUpdating: state.isUpdating,
      updatingError: state.updatingError,
      updateOptions: (next) => dispatch(updateOptions(next)),
    }),
    [state, values, requestingErrors, q.isFetching, dispatch],
  );
}

/** The update function alone, for components that only write options. */
export function useUpdateOptions(): (
  values: Readonly<Record<string, unknown>>,
) => Promise<UpdateOptionsResult> {
  const dispatch = useStorelensDispatch();
  return useCallback((values) => dispatch(updateOptions(values)), [dispatch]);
}

import type { WpUser } from '@storelens/api';
import { useCallback, useMemo } from 'react';
import type { ApiError } from '../../client/api-error.ts';
import { useStorelensDispatch } from '../../react/provider.tsx';
import { useFetchedOnce } from '../../react/use-query.ts';
import { fetchCurrentUser, saveUserPreference } from './slice.ts';

/** What `useCurrentUser` returns. */
export interface UseCurrentUserResult {
  /** Null until loaded (or when loading failed). */
  readonly user: WpUser | null;
  readonly isRequesting: boolean;
  readonly error: ApiError | null;
  /** Whether the user's role has a capability (false while loading). */
  readonly can: (capability: string) => boolean;
  readonly refresh: () => Promise<WpUser>;
}

/** The signed-in user (fetched once per store). */
export function useCurrentUser(): UseCurrentUserResult {
  const dispatch = useStorelensDispatch();
  const state = useFetchedOnce(
    'user',
    (s) => s.user,
    fetchCurrentUser,
    (u) => !u.user && !u.requesting && !u.error,
  );
  return useMemo(
    () => ({
      user: state.user,
      isRequesting: state.requesting,
      error: state.error,
      can: (capability: string) => state.user?.capabilities[capability] === true,
      refresh: () => dispatch(fetchCurrentUser()),
    }),
    [state, dispatch],
  );
}

/** Reads a JSON preference, falling back when absent or unreadable. */
function decode<T>(text: string | undefined, fallback: T): T {
  if (text === undefined || text === '') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/**
 * One per-user preference, kept JSON-encoded in the user's `woocommerce_meta[key]` (report
 * columns, dashboard layout…). The setter shows the value at once and resolves when the server
 * has it; on failure the old value comes back and the promise rejects with the error.
 */
export function useUserPreference<T>(key: string, fallback: T): [T, (value: T) => Promise<void>] {
  const { user } = useCurrentUser();
  const dispatch = useStorelensDispatch();
  const text = user?.woocommerce_meta[key];
  // The fallback is usually a fresh literal each render: decode only when the text changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  const value = useMemo(() => decode(text, fallback), [text]);
  const set = useCallback(
    (next: T) => dispatch(saveUserPreference(key, JSON.stringify(next))),
    [dispatch, key],
  );
  return [value, set];
}

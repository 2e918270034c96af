import type { SettingBody as Setting } from '@storelens/api';
import { useMemo } from 'react';
import type { ApiError } from '../../client/api-error.ts';
import { useStorelensDispatch } from '../../react/provider.tsx';
import { always, useQuery } from '../../react/use-query.ts';
import {
  fetchSettings,
  groupOf,
  persistSettingsForGroup,
  updateAndPersistSettingsForGroup,
  updateSettingsForGroup,
} from './slice.ts';

/** What `useSettings` returns. */
export interface UseSettingsResult {
  /** Setting values by id. */
  readonly settings: Readonly<Record<string, unknown>>;
  /** The settings as the server sent them (their options, defaults, labels), by id. */
  readonly definitions: Readonly<Record<string, Setting>>;
  readonly isRequesting: boolean;
  readonly isDirty: boolean;
  readonly dirty: readonly string[];
  readonly error: ApiError | null;
  readonly lastReceived: number | null;
  /** Changes values locally and marks them dirty. */
  readonly updateSettings: (values: Readonly<Record<string, unknown>>) => void;
  /** Saves the dirty keys; resolves false when nothing was dirty, rejects on failure. */
  readonly persistSettings: () => Promise<boolean>;
  /** Changes then saves. */
  readonly updateAndPersistSettings: (
    values: Readonly<Record<string, unknown>>,
  ) => Promise<boolean>;
}

/** Reads a settings group (fetched once) and edits and saves it. */
export function useSettings(group: string): UseSettingsResult {
  const dispatch = useStorelensDispatch();
  const { data: state } = useQuery({
    store: 'settings',
    args: group,
    select: (s, g) => groupOf(s.settings, g),
    view: (g) => ({ data: g, isFetching: g.isRequesting, error: g.error }),
    fetch: fetchSettings,
    shouldFetch: always,
  }) as { data: ReturnType<typeof groupOf> };
  return useMemo(
    () => ({
      settings: state.data,
      definitions: state.definitions,
      isRequesting: state.isRequesting,
      isDirty: state.dirty.length > 0,
      dirty: state.dirty,
      error: state.error,
      lastReceived: state.lastReceived,
      updateSettings: (values) => {
        dispatch(updateSettingsForGroup(group, values));
      },
      persistSettings: () => dispatch(persistSettingsForGroup(group)),
      updateAndPersistSettings: (values) =>
        dispatch(updateAndPersistSettingsForGroup(group, values)),
    }),
    [state, dispatch, group],
  );
}

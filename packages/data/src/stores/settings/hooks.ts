import { useEffect, useMemo } from 'react';
import type { ApiError } from '../../client/api-error.ts';
import {
  ignoreRejection,
  useStorelensDispatch,
  useStorelensSelector,
} from '../../react/provider.tsx';
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
  const state = useStorelensSelector((s) => groupOf(s.settings, group));
  useEffect(() => {
    ignoreRejection(dispatch(fetchSettings(group)));
  }, [dispatch, group]);
  return useMemo(
    () => ({
      settings: state.data,
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

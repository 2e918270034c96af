import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SettingBody as Setting, SettingsBatch } from '@storelens/api';
import { type ClientErrorCode, clientErrorCatalogue } from '@storelens/api';
import { __ } from '@storelens/i18n';
import {
  type ApiError,
  CLIENT_ERROR_CODES,
  clientError,
  toApiError,
} from '../../client/api-error.ts';
import { NAMESPACES, STORE_NAMES } from '../../core/paths.ts';
import type { AppThunk } from '../../core/thunk.ts';

/** One settings group: values apart from bookkeeping. */
export interface SettingsGroupState {
  /** Setting values by id. */
  readonly data: Readonly<Record<string, unknown>>;
  /** The settings as the server last sent them (label, options, default…), by id. */
  readonly definitions: Readonly<Record<string, Setting>>;
  readonly error: ApiError | null;
  /** When the group was last received or saved (ms), null before. */
  readonly lastReceived: number | null;
  readonly isRequesting: boolean;
  /** Ids changed locally and not saved yet. */
  readonly dirty: readonly string[];
}

/** Settings state by group. */
export type SettingsState = Readonly<Record<string, SettingsGroupState>>;

const emptyGroup: SettingsGroupState = {
  data: {},
  definitions: {},
  error: null,
  lastReceived: null,
  isRequesting: false,
  dirty: [],
};

/** A group's state, empty when never touched. */
export const groupOf = (state: SettingsState, group: string): SettingsGroupState =>
  state[group] ?? emptyGroup;

/** The settings slice. */
export const settingsSlice = createSlice({
  name: STORE_NAMES.settings,
  initialState: {} as SettingsState,
  reducers: {
    requested(state, action: PayloadAction<string>) {
      return {
        ...state,
        [action.payload]: { ...groupOf(state, action.payload), isRequesting: true, error: null },
      };
    },
    received(
      state,
      action: PayloadAction<{
        group: string;
        data: Record<string, unknown>;
        definitions?: Record<string, Setting>;
        time: number;
      }>,
    ) {
      const { group, data, definitions = {}, time } = action.payload;
      const current = groupOf(state, group);
      // Unsaved local edits win over what the server sent.
      const kept = Object.fromEntries(current.dirty.map((id) => [id, current.data[id]]));
      return {
        ...state,
        [group]: {
          ...current,
          data: { ...current.data, ...data, ...kept },
          definitions: { ...current.definitions, ...definitions },
          isRequesting: false,
          lastReceived: time,
        },
      };
    },
    failed(state, action: PayloadAction<{ group: string; error: ApiError }>) {
      const { group, error } = action.payload;
      return { ...state, [group]: { ...groupOf(state, group), isRequesting: false, error } };
    },
    updated(state, action: PayloadAction<{ group: string; values: Record<string, unknown> }>) {
      const { group, values } = action.payload;
      const current = groupOf(state, group);
      return {
        ...state,
        [group]: {
          ...current,
          data: { ...current.data, ...values },
          dirty: [...new Set([...current.dirty, ...Object.keys(values)])],
        },
      };
    },
    saved(state, action: PayloadAction<{ group: string; ids: readonly string[]; time: number }>) {
      const { group, ids, time } = action.payload;
      const current = groupOf(state, group);
      return {
        ...state,
        [group]: {
          ...current,
          isRequesting: false,
          error: null,
          lastReceived: time,
          dirty: current.dirty.filter((id) => !ids.includes(id)),
        },
      };
    },
  },
});

const { requested, received, failed, updated, saved } = settingsSlice.actions;

/** The one message of a failed settings save, whatever the server said. */
export const settingsSaveErrorMessage = (): string =>
  __(clientErrorCatalogue.settings_update_failed.message);

const groupPath = (group: string) => `${NAMESPACES.analytics}/settings/${group}`;

/** Fetches a group's settings (`[{id, value, …}]` → values and definitions by id). */
export function fetchSettings(group: string, options: { force?: boolean } = {}): AppThunk<void> {
  return async (dispatch, getState, { client, now }) => {
    const current = getState().settings[group];
    if (current?.isRequesting || (!options.force && current?.lastReceived != null)) return;
    dispatch(requested(group));
    try {
      const { data } = await client.get<Setting[] | null>(groupPath(group));
      const values = Object.fromEntries((data ?? []).map((setting) => [setting.id, setting.value]));
      const definitions = Object.fromEntries((data ?? []).map((setting) => [setting.id, setting]));
      dispatch(received({ group, data: values, definitions, time: now() }));
    } catch (thrown) {
      dispatch(failed({ group, error: toApiError(thrown) }));
    }
  };
}

/** Changes settings locally and marks their keys dirty (nothing is sent). */
export const updateSettingsForGroup = (group: string, values: Readonly<Record<string, unknown>>) =>
  updated({ group, values: { ...values } });

function isEmptyAnswer(data: unknown): boolean {
  if (data === null || data === undefined) return true;
  if (typeof data !== 'object') return true;
  return Object.keys(data).length === 0;
}

/**
 * Saves a group's dirty keys only (`POST …/batch {update}`), nothing when none is dirty. Clears
 * the saved keys' dirty marks on success; an empty answer or any failure records and rethrows
 * 'There was a problem updating your settings.'.
 */
export function persistSettingsForGroup(group: string): AppThunk<boolean> {
  return async (dispatch, getState, { client, now }) => {
    const current = getState().settings[group];
    const ids = current?.dirty ?? [];
    if (!current || ids.length === 0) return false;
    const body: SettingsBatch = { update: ids.map((id) => ({ id, value: current.data[id] })) };
    dispatch(requested(group));
    try {
      const { data, status } = await client.post<unknown>(`${groupPath(group)}/batch`, body);
      if (isEmptyAnswer(data)) throw clientError('settings_empty_response', status);
      dispatch(saved({ group, ids, time: now() }));
      return true;
    } catch (thrown) {
      const cause = toApiError(thrown);
      const code =
        cause.code === CLIENT_ERROR_CODES.unknown
          ? ('settings_update_failed' satisfies ClientErrorCode)
          : cause.code;
      const error = { ...cause, code, message: settingsSaveErrorMessage() };
      dispatch(failed({ group, error }));
      throw error;
    }
  };
}

/** Updates settings locally, then saves the group. */
export function updateAndPersistSettingsForGroup(
  group: string,
  values: Readonly<Record<string, unknown>>,
): AppThunk<boolean> {
  return async (dispatch) => {
    dispatch(updateSettingsForGroup(group, values));
    return dispatch(persistSettingsForGroup(group));
  };
}

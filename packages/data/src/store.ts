import { combineReducers, configureStore } from '@reduxjs/toolkit';
import type { ApiClient } from './client/client.ts';
import type { AppDispatch, ThunkExtra } from './core/thunk.ts';
import { type ExportState, exportSlice } from './stores/export/slice.ts';
import { type ImportState, importSlice } from './stores/import/slice.ts';
import { type ItemsState, itemsResource } from './stores/items/slice.ts';
import { type NavigationState, navigationSlice } from './stores/navigation/slice.ts';
import { type NotesState, notesResource } from './stores/notes/slice.ts';
import { type NotificationsState, notificationsReducer } from './stores/notifications/slice.ts';
import { type OnboardingState, onboardingSlice } from './stores/onboarding/slice.ts';
import { createOptionsLoader, type OptionsLoaderOptions } from './stores/options/loader.ts';
import { type OptionsState, optionsSlice } from './stores/options/slice.ts';
import { type PluginsState, pluginsSlice } from './stores/plugins/slice.ts';
import { type ReadsState, readsReducer } from './stores/reads/slice.ts';
import { type ReportsState, reportsReducer } from './stores/reports/slice.ts';
import { type ReviewsState, reviewsResource } from './stores/reviews/slice.ts';
import { type SegmentsState, segmentsReducer } from './stores/segments/slice.ts';
import { type SettingsState, settingsSlice } from './stores/settings/slice.ts';
import { type UserState, userSlice } from './stores/user/slice.ts';

/** The whole client state: one key per store. */
export interface StorelensState {
  readonly options: OptionsState;
  readonly onboarding: OnboardingState;
  readonly items: ItemsState;
  readonly reports: ReportsState;
  readonly notes: NotesState;
  readonly reviews: ReviewsState;
  readonly navigation: NavigationState;
  readonly export: ExportState;
  readonly import: ImportState;
  readonly settings: SettingsState;
  readonly plugins: PluginsState;
  readonly user: UserState;
  readonly notifications: NotificationsState;
  readonly segments: SegmentsState;
  readonly reads: ReadsState;
}

/** The root reducer of every store. */
export const rootReducer = combineReducers({
  options: optionsSlice.reducer,
  onboarding: onboardingSlice.reducer,
  items: itemsResource.reducer,
  reports: reportsReducer,
  notes: notesResource.reducer,
  reviews: reviewsResource.reducer,
  navigation: navigationSlice.reducer,
  export: exportSlice.reducer,
  import: importSlice.reducer,
  settings: settingsSlice.reducer,
  plugins: pluginsSlice.reducer,
  user: userSlice.reducer,
  notifications: notificationsReducer,
  segments: segmentsReducer,
  reads: readsReducer,
});

/** Options of `createStorelensStore`. */
export interface StorelensStoreOptions {
  /** The REST client every thunk uses. */
  readonly client: ApiClient;
  /** State to start from (tests, server-rendered data). */
  readonly preloadedState?: Partial<StorelensState>;
  /** Clock in ms; `Date.now` by default. */
  readonly now?: () => number;
  /** Tuning of the option-read batching (wait and cache times). */
  readonly optionsBatching?: Omit<OptionsLoaderOptions, 'client' | 'now'>;
}

/** Creates a store with every slice configured around one client. */
export function createStorelensStore(options: StorelensStoreOptions) {
  const now = options.now ?? Date.now;
  const extra: ThunkExtra = {
    client: options.client,
    now,
    optionsLoader: createOptionsLoader({ client: options.client, now, ...options.optionsBatching }),
  };
  return configureStore({
    reducer: rootReducer,
    preloadedState: options.preloadedState as StorelensState | undefined,
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: extra } }),
  });
}

/** A store made by `createStorelensStore`. */
export type StorelensStore = ReturnType<typeof createStorelensStore>;

export type { AppDispatch };

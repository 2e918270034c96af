import type { ThunkAction, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { ApiClient } from '../client/client.ts';
import type { StorelensState } from '../store.ts';
import type { OptionsLoader } from '../stores/options/loader.ts';

/** Services every thunk receives (the store's `extraArgument`). */
export interface ThunkExtra {
  readonly client: ApiClient;
  readonly optionsLoader: OptionsLoader;
  /** Clock in ms; injectable for tests. */
  readonly now: () => number;
}

/** A thunk of this package. */
export type AppThunk<R> = ThunkAction<Promise<R>, StorelensState, ThunkExtra, UnknownAction>;

/** The dispatch of a Storelens store. */
export type AppDispatch = ThunkDispatch<StorelensState, ThunkExtra, UnknownAction>;

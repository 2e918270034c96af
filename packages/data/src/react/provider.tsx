import { type ReactNode, useState } from 'react';
import { Provider, useDispatch, useSelector } from 'react-redux';
import type { ApiClient } from '../client/client.ts';
import type { AppDispatch } from '../core/thunk.ts';
import { createStorelensStore, type StorelensState, type StorelensStore } from '../store.ts';

/** Props of `DataProvider`: an existing store, or a client to build one around. */
export type DataProviderProps = { readonly children?: ReactNode } & (
  | { readonly store: StorelensStore; readonly client?: never }
  | { readonly client: ApiClient; readonly store?: never }
);

/** Makes the Storelens store available to the data hooks. */
export function DataProvider(props: DataProviderProps) {
  const [store] = useState(
    () => props.store ?? createStorelensStore({ client: props.client as ApiClient }),
  );
  return <Provider store={store}>{props.children}</Provider>;
}

/** The typed dispatch of the Storelens store. */
export const useStorelensDispatch = useDispatch.withTypes<AppDispatch>();

/** The typed selector hook of the Storelens store. */
export const useStorelensSelector = useSelector.withTypes<StorelensState>();

/** Swallows a rejection whose error the store already keeps as state. */
export const ignoreRejection = (promise: Promise<unknown>): void => {
  promise.catch(() => undefined);
};

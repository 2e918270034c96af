import type { UnknownAction } from '@reduxjs/toolkit';
import { toApiError } from '../client/api-error.ts';
import type { Id, ListResult, Resource } from './resource.ts';

/** One non-optimistic write on a resource store. */
export interface WriteSteps<T extends { readonly id: Id }, V> {
  readonly dispatch: (action: UnknownAction) => unknown;
  readonly resource: Resource<T, ListResult>;
  readonly scope: string;
  /** Operation name errors are kept under, e.g. `delete:12`. */
  readonly operation: string;
  /** Records marked `updating` while the write is in flight. */
  readonly ids: readonly Id[];
  readonly send: () => Promise<V>;
  /** Applies the server's answer. */
  readonly onSuccess: (value: V) => void;
}

/**
 * Runs a write: mark updating, send, apply the answer or record the error per operation,
 * then clear updating and mark the scope's queries stale (refresh). Failures are rethrown.
 */
export async function runWrite<T extends { readonly id: Id }, V>(
  steps: WriteSteps<T, V>,
): Promise<V> {
  const { dispatch, resource, scope, operation, ids } = steps;
  const { actions } = resource;
  for (const id of ids) dispatch(actions.updatingChanged({ scope, id, updating: true }));
  try {
    const value = await steps.send();
    steps.onSuccess(value);
    dispatch(actions.operationSucceeded({ scope, operation }));
    return value;
  } catch (thrown) {
    const error = toApiError(thrown);
    dispatch(actions.operationFailed({ scope, operation, error }));
    throw error;
  } finally {
    for (const id of ids) dispatch(actions.updatingChanged({ scope, id, updating: false }));
    dispatch(actions.invalidated({ scope }));
  }
}

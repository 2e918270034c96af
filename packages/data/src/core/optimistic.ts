import { type ApiError, toApiError } from '../client/api-error.ts';

/** The steps of an optimistic write. */
export interface OptimisticSteps<S, R> {
  /** Captures what `rollback` restores. */
  snapshot(): S;
  /** Applies the expected outcome locally, at once. */
  apply(): void;
  /** Sends the write. */
  send(): Promise<R>;
  /** Restores the snapshot after a failed send. */
  rollback(snapshot: S, error: ApiError): void;
  /** Refreshes from the server once the write settled either way; its failure is ignored. */
  settle?(): Promise<unknown> | undefined;
}

/** The outcome of an optimistic write. */
export type OptimisticResult<R> =
  | { readonly ok: true; readonly value: R }
  | { readonly ok: false; readonly error: ApiError };

/** The one optimistic-update recipe: snapshot, apply, send, roll back on failure, refresh. */
export async function runOptimistic<S, R>(
  steps: OptimisticSteps<S, R>,
): Promise<OptimisticResult<R>> {
  const snapshot = steps.snapshot();
  steps.apply();
  let result: OptimisticResult<R>;
  try {
    result = { ok: true, value: await steps.send() };
  } catch (thrown) {
    const error = toApiError(thrown);
    steps.rollback(snapshot, error);
    result = { ok: false, error };
  }
  try {
    await steps.settle?.();
  } catch {
    // A failed refresh leaves the state as the write left it; its own error is state elsewhere.
  }
  return result;
}

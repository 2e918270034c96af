import { describe, expect, it } from 'vitest';
import { apiError } from '../client/api-error.ts';
import { createResource, type ResourceState } from './resource.ts';

interface Thing {
  id: number;
  name: string;
}
const things = createResource<Thing>('test/things');
const { actions } = things;

function run(...list: Parameters<typeof things.reducer>[1][]): ResourceState<Thing> {
  return list.reduce(
    (state, action) => things.reducer(state, action),
    things.reducer(undefined, { type: '@init' }),
  );
}
const result = { ids: ['1', '2'], total: 2, totalPages: 1 };
const items = [
  { id: 1, name: 'a' },
  { id: 2, name: 'b' },
];

describe('resource core', () => {
  it('query: started → loading, succeeded → records by id and the result', () => {
    const started = run(actions.queryStarted({ scope: 's', key: 'k', requestId: 'r1' }));
    expect(started.s?.queries.k?.status).toBe('loading');
    const done = run(
      actions.queryStarted({ scope: 's', key: 'k', requestId: 'r1' }),
      actions.querySucceeded({ scope: 's', key: 'k', requestId: 'r1', result, items }),
    );
    expect(done.s?.queries.k).toMatchObject({ status: 'success', result, error: null });
    expect(done.s?.byId['2']).toEqual({ id: 2, name: 'b' });
  });

  it('query failure is state, and the last good result is kept', () => {
    const error = apiError('x', 'X', 500);
    const state = run(
      actions.queryStarted({ scope: 's', key: 'k', requestId: 'r1' }),
      actions.querySucceeded({ scope: 's', key: 'k', requestId: 'r1', result, items }),
      actions.queryStarted({ scope: 's', key: 'k', requestId: 'r2' }),
      actions.queryFailed({ scope: 's', key: 'k', requestId: 'r2', error }),
    );
    expect(state.s?.queries.k).toMatchObject({ status: 'error', error, result });
  });

  it('drops answers of superseded requests', () => {
    const state = run(
      actions.queryStarted({ scope: 's', key: 'k', requestId: 'old' }),
      actions.queryStarted({ scope: 's', key: 'k', requestId: 'new' }),
      actions.querySucceeded({ scope: 's', key: 'k', requestId: 'old', result, items }),
    );
    expect(state.s?.queries.k?.status).toBe('loading');
    expect(state.s?.byId).toEqual({});
  });

  it("a write's answer stands as the result, and the read in flight before it is dropped", () => {
    const answered = { ids: ['2'], total: 1, totalPages: 1 };
    const state = run(
      actions.queryStarted({ scope: 's', key: 'k', requestId: 'read' }),
      actions.queryAnswered({ scope: 's', key: 'k', result: answered }),
      actions.querySucceeded({ scope: 's', key: 'k', requestId: 'read', result, items }),
    );
    expect(state.s?.queries.k).toMatchObject({
      status: 'success',
      result: answered,
      error: null,
      stale: false,
    });
  });

  it('patches, restores, and removes records (removal also leaves every list)', () => {
    const base = [
      actions.queryStarted({ scope: 's', key: 'k', requestId: 'r' }),
      actions.querySucceeded({ scope: 's', key: 'k', requestId: 'r', result, items }),
    ];
    const patched = run(...base, actions.itemPatched({ scope: 's', id: 1, patch: { name: 'z' } }));
    expect(patched.s?.byId['1']?.name).toBe('z');
    const restored = run(
      ...base,
      actions.itemPatched({ scope: 's', id: 1, patch: { name: 'z' } }),
      actions.itemRestored({ scope: 's', id: 1, item: { id: 1, name: 'a' } }),
    );
    expect(restored.s?.byId['1']?.name).toBe('a');
    const removed = run(...base, actions.itemRemoved({ scope: 's', id: 1 }));
    expect(removed.s?.byId['1']).toBeUndefined();
    expect(removed.s?.queries.k?.result).toEqual({ ids: ['2'], total: 1, totalPages: 1 });
  });

  it('tracks updating ids and per-operation errors apart from the records', () => {
    const error = apiError('e', 'E', 400);
    const state = run(
      actions.updatingChanged({ scope: 's', id: 3, updating: true }),
      actions.operationFailed({ scope: 's', operation: 'update:3', error }),
    );
    expect(state.s?.updating).toEqual({ '3': true });
    expect(state.s?.errors).toEqual({ 'update:3': error });
    const cleared = run(
      actions.updatingChanged({ scope: 's', id: 3, updating: true }),
      actions.updatingChanged({ scope: 's', id: 3, updating: false }),
      actions.operationFailed({ scope: 's', operation: 'update:3', error }),
      actions.operationSucceeded({ scope: 's', operation: 'update:3' }),
    );
    expect(cleared.s?.updating).toEqual({});
    expect(cleared.s?.errors).toEqual({});
  });

  it('needsFetch: missing or stale yes, loading or fresh no, failed only when forced', () => {
    const loading = run(actions.queryStarted({ scope: 's', key: 'k', requestId: 'r' }));
    expect(things.needsFetch(loading, 's', 'other')).toBe(true);
    expect(things.needsFetch(loading, 's', 'k', true)).toBe(false);
    const fresh = run(
      actions.queryStarted({ scope: 's', key: 'k', requestId: 'r' }),
      actions.querySucceeded({ scope: 's', key: 'k', requestId: 'r', result, items }),
    );
    expect(things.needsFetch(fresh, 's', 'k')).toBe(false);
    expect(
      things.needsFetch(things.reducer(fresh, actions.invalidated({ scope: 's' })), 's', 'k'),
    ).toBe(true);
    const failed = run(
      actions.queryStarted({ scope: 's', key: 'k', requestId: 'r' }),
      actions.queryFailed({ scope: 's', key: 'k', requestId: 'r', error: apiError('a', 'b') }),
    );
    expect(things.needsFetch(failed, 's', 'k')).toBe(false);
    expect(things.needsFetch(failed, 's', 'k', true)).toBe(true);
  });
});

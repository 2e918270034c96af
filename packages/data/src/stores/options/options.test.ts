// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { type SeenRequest, wpError } from '../../test/server.ts';
import { sleep, startStore } from '../../test/store.ts';
import { createOptionsLoader } from './loader.ts';
import { fetchOption, fetchOptions, updateOptions } from './slice.ts';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function optionsServer(
  options: { failGet?: boolean; failPost?: boolean; dropGet?: boolean; postDelay?: number } = {},
) {
  const values: Record<string, unknown> = { a: 'A', b: 2, c: false };
  let clock = 0;
  const ctx = await startStore(
    (app) => {
      app.get('/wc-admin/options', async (req, reply) => {
        if (options.dropGet) {
          req.raw.socket.destroy();
          return new Promise(() => {});
        }
        if (options.failGet)
          return reply.code(500).send(wpError('woocommerce_rest_cannot_view', 'Nope', 500));
        const names = String((req.query as { options?: string }).options ?? '').split(',');
        return Object.fromEntries(names.map((n) => [n, values[n] ?? false]));
      });
      app.post('/wc-admin/options', async (req, reply) => {
        if (options.postDelay) await sleep(options.postDelay);
        if (options.failPost)
          return reply.code(500).send(wpError('db_error', 'Could not save', 500));
        const body = req.body as Record<string, unknown>;
        Object.assign(values, body);
        return Object.fromEntries(Object.keys(body).map((k) => [k, true]));
      });
    },
    { now: () => clock },
  );
  close = () => ctx.server.close();
  return { ...ctx, values, tick: (ms: number) => (clock += ms) };
}

const optionGets = (requests: readonly SeenRequest[]) =>
  requests.filter((r) => r.method === 'GET' && r.path === '/wc-admin/options');

describe('wc/admin/options reads', () => {
  it('batches reads made in the same tick into one comma-joined request', async () => {
    const { store, requests } = await optionsServer();
    const [a, b] = await Promise.all([
      store.dispatch(fetchOption('b')),
      store.dispatch(fetchOption('a')),
    ]);
    expect([a, b]).toEqual([2, 'A']);
    expect(optionGets(requests).map((r) => r.url)).toEqual(['/wc-admin/options?options=a,b']);
    expect(store.getState().options.values).toEqual({ a: 'A', b: 2 });
  });

  it('reuses an identical batch briefly, then asks again', async () => {
    const { store, requests, tick } = await optionsServer();
    await store.dispatch(fetchOptions(['a', 'b']));
    await store.dispatch(fetchOptions(['a', 'b'], { force: true }));
    expect(optionGets(requests)).toHaveLength(1);
    tick(1001);
    await store.dispatch(fetchOptions(['a', 'b'], { force: true }));
    expect(optionGets(requests)).toHaveLength(2);
  });

  it('a different batch is a new request', async () => {
    const { store, requests } = await optionsServer();
    await store.dispatch(fetchOptions(['a', 'b']));
    await store.dispatch(fetchOption('c'));
    expect(optionGets(requests).map((r) => r.url)).toEqual([
      '/wc-admin/options?options=a,b',
      '/wc-admin/options?options=c',
    ]);
  });

  it('a failed batch settles every caller and records requestingErrors per option', async () => {
    const { store } = await optionsServer({ failGet: true });
    const results = await Promise.all([
      store.dispatch(fetchOption('a')),
      store.dispatch(fetchOption('b')),
    ]);
    expect(results).toEqual([undefined, undefined]);
    const { requestingErrors, requesting } = store.getState().options;
    expect(requestingErrors.a).toMatchObject({ code: 'woocommerce_rest_cannot_view', status: 500 });
    expect(requestingErrors.b).toMatchObject({ code: 'woocommerce_rest_cannot_view' });
    expect(requesting).toEqual({});
  });

  it('the loader rejects every waiter of a dropped connection (no one waits forever)', async () => {
    const { server } = await optionsServer({ dropGet: true });
    const loader = createOptionsLoader({ client: server.client });
    const settled = await Promise.allSettled([
      loader.load('a'),
      loader.load('b'),
      loader.load('a'),
    ]);
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect((settled[1] as PromiseRejectedResult).reason).toMatchObject({
      code: 'fetch_error',
      status: 0,
    });
  });

  it('a failed batch is not cached: the next read asks again', async () => {
    const { server } = await optionsServer({ failGet: true });
    const loader = createOptionsLoader({ client: server.client });
    await loader.load('a').catch(() => undefined);
    await loader.load('a').catch(() => undefined);
    expect(optionGets(server.requests)).toHaveLength(2);
  });
});

describe('wc/admin/options updates', () => {
  it('applies at once with isUpdating, resolves success true with the answer, then refreshes', async () => {
    const { store, requests } = await optionsServer({ postDelay: 80 });
    await store.dispatch(fetchOption('a'));
    const pending = store.dispatch(updateOptions({ a: 'new', d: 'x' }));
    expect(store.getState().options.values).toMatchObject({ a: 'new', d: 'x' });
    expect(store.getState().options.isUpdating).toBe(true);
    const result = await pending;
    expect(result).toEqual({ success: true, a: true, d: true });
    expect(store.getState().options.isUpdating).toBe(false);
    expect(store.getState().options.updatingError).toBeNull();
    expect(requests.at(-1)).toMatchObject({
      method: 'GET',
      url: '/wc-admin/options?options=a,d',
    });
  });

  it('on failure rolls back from the snapshot, records updatingError and resolves success false', async () => {
    const { store } = await optionsServer({ failPost: true });
    await store.dispatch(fetchOption('a'));
    const seen: { values: Record<string, unknown>; failed: boolean }[] = [];
    store.subscribe(() => {
      const o = store.getState().options;
      seen.push({ values: o.values, failed: o.updatingError !== null });
    });
    const result = await store.dispatch(updateOptions({ a: 'new', d: 'x' }));
    // The state the failure produced, before any refresh: exactly the snapshot.
    expect(seen.find((s) => s.failed)?.values).toEqual({ a: 'A' });
    expect(result).toMatchObject({
      success: false,
      code: 'db_error',
      message: 'Could not save',
      status: 500,
    });
    const state = store.getState().options;
    expect(state.values.a).toBe('A');
    expect(state.isUpdating).toBe(false);
    expect(state.updatingError).toMatchObject({ code: 'db_error' });
    // `d` was never stored on the server, so the refresh reads its raw `false`.
    expect(state.values.d).toBe(false);
  });
});

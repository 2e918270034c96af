import type {
  AllowedLeaderboardsResponse,
  LeaderboardsResponse,
  WpUsersResponse,
} from '@storelens/api';
import { act, render, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { QueryArgs } from '../../client/query-string.ts';
import { DataProvider } from '../../react/provider.tsx';
import { createStorelensStore, type StorelensStore } from '../../store.ts';
import { answerGate } from '../../test/gate.ts';
import { startTestServer, type TestServer, wpError } from '../../test/server.ts';
import { useReportItemsWhenReady, useReportStatsWhenReady } from '../reports/hooks.ts';
import { invalidateReports } from '../reports/slice.ts';
import { useRead } from './hooks.ts';
import { answerRead, fetchRead, invalidateRead, READS } from './slice.ts';

// Answers typed by the contract; each names how many times its route was asked, so a test
// can tell a fresh answer from a kept one.
let server: TestServer;
const answers = answerGate();
const count = (path: string) => server.requests.filter((r) => r.path === path).length;

beforeAll(async () => {
  server = await startTestServer((app) => {
    app.get('/wc-analytics/leaderboards', async (req): Promise<LeaderboardsResponse> => {
      await answers.passed();
      const perPage = String((req.query as { per_page?: string }).per_page ?? '5');
      const label = `Top customers, ${perPage} rows, read ${count('/wc-analytics/leaderboards')}`;
      return [{ id: 'customers', label, headers: [{ label: 'Customer' }], rows: [] }];
    });
    app.get(
      '/wc-analytics/leaderboards/allowed',
      async (): Promise<AllowedLeaderboardsResponse> => {
        await answers.passed();
        return [{ id: 'customers', label: 'Top customers', headers: [{ label: 'Customer' }] }];
      },
    );
    app.get('/wc-analytics/reports/rfm', async (_req, reply) =>
      reply.code(500).send(wpError('db_error', 'The database is down', 500)),
    );
    app.get('/wp/v2/users', async (): Promise<WpUsersResponse> => []);
    app.get('/wc-analytics/reports/orders', async () => []);
    app.get('/wc-analytics/reports/revenue/stats', async () => ({ totals: {}, intervals: [] }));
  });
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  answers.reset();
});

const BOARDS = '/wc-analytics/leaderboards';
const ALLOWED = '/wc-analytics/leaderboards/allowed';

/** A fresh store on the test server, and a wrapper providing it. */
function setup(): { store: StorelensStore; wrapper: (p: { children: ReactNode }) => ReactNode } {
  const store = createStorelensStore({ client: server.client });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <DataProvider store={store}>{children}</DataProvider>
  );
  return { store, wrapper };
}

function Board({ query }: { query: QueryArgs }) {
  const boards = useRead(READS.leaderboards, query);
  return <p>{boards.hasData ? boards.data?.[0]?.label : 'loading'}</p>;
}

describe('reads kept by path and query', () => {
  it('sends one request for components asking the same endpoint with deep-equal queries', async () => {
    const { wrapper: Wrapper } = setup();
    const view = render(
      <Wrapper>
        <Board query={{ per_page: 5, after: '2026-01-01T00:00:00' }} />
        <Board query={{ after: '2026-01-01T00:00:00', per_page: 5 }} />
        <Board query={{ per_page: 5, after: '2026-01-01T00:00:00' }} />
      </Wrapper>,
    );
    await waitFor(() => expect(view.getAllByText('Top customers, 5 rows, read 1')).toHaveLength(3));
    expect(count(BOARDS)).toBe(1);
    // Another query is another answer, read once.
    view.rerender(
      <Wrapper>
        <Board query={{ per_page: 10 }} />
        <Board query={{ per_page: 10 }} />
      </Wrapper>,
    );
    await waitFor(() =>
      expect(view.getAllByText('Top customers, 10 rows, read 2')).toHaveLength(2),
    );
    expect(count(BOARDS)).toBe(2);
  });

  it('keeps an error answer as the read’s error state, with no answer', async () => {
    const { store, wrapper } = setup();
    const { result } = renderHook(() => useRead(READS.rfm, { period: 'month' }), { wrapper });
    await waitFor(() => expect(result.current.error).not.toBeNull());
    expect(result.current).toMatchObject({ hasData: false, isFetching: false, data: undefined });
    expect(result.current.error).toMatchObject({
      code: 'db_error',
      message: 'The database is down',
      status: 500,
    });
    // The thunk resolves with the failed entry: the failure is state, never a rejection.
    const entry = await act(() =>
      store.dispatch(fetchRead(READS.rfm, { period: 'month' }, { force: true })),
    );
    expect(entry).toMatchObject({ status: 'error', result: null });
    expect(entry?.error?.code).toBe('db_error');
  });

  it('asks nothing for a null query, and reads once the query is known', async () => {
    const { wrapper } = setup();
    const { result, rerender } = renderHook(
      (query: QueryArgs | null) => useRead(READS.users, query),
      {
        wrapper,
        initialProps: null as QueryArgs | null,
      },
    );
    expect(result.current).toMatchObject({ hasData: false, isFetching: false, error: null });
    expect(count('/wp/v2/users')).toBe(0);
    rerender({});
    await waitFor(() => expect(result.current.hasData).toBe(true));
    expect(result.current.data).toEqual([]);
    expect(count('/wp/v2/users')).toBe(1);
  });

  it('the reports’ invalidation reads the report-like answers on screen again, not the others', async () => {
    const { store, wrapper } = setup();
    const { result } = renderHook(
      () => ({
        boards: useRead(READS.leaderboards, { per_page: 5 }),
        allowed: useRead(READS.allowedLeaderboards),
      }),
      { wrapper },
    );
    await waitFor(() =>
      expect(result.current.boards.hasData && result.current.allowed.hasData).toBe(true),
    );
    answers.hold();
    act(() => {
      void store.dispatch(invalidateReports());
    });
    await waitFor(() => expect(count(BOARDS)).toBe(2));
    // The answer on screen stays while it is read again.
    expect(result.current.boards).toMatchObject({ hasData: true, isFetching: true });
    expect(result.current.boards.data?.[0]?.label).toBe('Top customers, 5 rows, read 1');
    act(() => answers.release());
    await waitFor(() =>
      expect(result.current.boards.data?.[0]?.label).toBe('Top customers, 5 rows, read 2'),
    );
    expect(count(ALLOWED)).toBe(1);
  });

  it('invalidating an endpoint reads its query on screen again, and another query when next shown', async () => {
    const { store, wrapper } = setup();
    await store.dispatch(fetchRead(READS.leaderboards, { per_page: 3 }));
    const { result, unmount } = renderHook(() => useRead(READS.leaderboards, { per_page: 5 }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.hasData).toBe(true));
    expect(count(BOARDS)).toBe(2);
    await act(() => store.dispatch(invalidateRead(READS.leaderboards)));
    await waitFor(() =>
      expect(result.current.data?.[0]?.label).toBe('Top customers, 5 rows, read 3'),
    );
    expect(count(BOARDS)).toBe(3);
    unmount();
    const other = renderHook(() => useRead(READS.leaderboards, { per_page: 3 }), { wrapper });
    await waitFor(() =>
      expect(other.result.current.data?.[0]?.label).toBe('Top customers, 3 rows, read 4'),
    );
  });

  it('reads a refresh-on-mount list again when it is shown again, once for components shown together', async () => {
    const { wrapper } = setup();
    const both = () => ({ a: useRead(READS.users), b: useRead(READS.users) });
    const first = renderHook(both, { wrapper });
    await waitFor(() =>
      expect(first.result.current.a.hasData && first.result.current.b.hasData).toBe(true),
    );
    expect(count('/wp/v2/users')).toBe(1);
    first.unmount();
    const again = renderHook(both, { wrapper });
    // The cached list is shown at once, and read again.
    expect(again.result.current.a.hasData).toBe(true);
    await waitFor(() => expect(count('/wp/v2/users')).toBe(2));
    await waitFor(() => expect(again.result.current.a.isFetching).toBe(false));
    expect(count('/wp/v2/users')).toBe(2);
  });

  it('refetch reads again though the answer is cached', async () => {
    const { wrapper } = setup();
    const { result } = renderHook(() => useRead(READS.allowedLeaderboards), { wrapper });
    await waitFor(() => expect(result.current.hasData).toBe(true));
    await act(() => result.current.refetch());
    expect(count(ALLOWED)).toBe(2);
  });

  it('a write’s answer stands in place of a read still in flight', async () => {
    const { store, wrapper } = setup();
    answers.hold();
    const inFlight = store.dispatch(fetchRead(READS.allowedLeaderboards));
    await waitFor(() => expect(count(ALLOWED)).toBe(1));
    const written: AllowedLeaderboardsResponse = [
      { id: 'coupons', label: 'Top coupons', headers: [] },
    ];
    await store.dispatch(answerRead(READS.allowedLeaderboards, {}, written));
    answers.release();
    expect(await inFlight).toMatchObject({ status: 'success', result: written });
    // Shown without reading it again.
    const { result } = renderHook(() => useRead(READS.allowedLeaderboards), { wrapper });
    expect(result.current).toMatchObject({ hasData: true, data: written, isFetching: false });
    expect(count(ALLOWED)).toBe(1);
  });
});

describe('report hooks whose query may not be known yet', () => {
  it('ask nothing and are not requesting while the query is null, then read it', async () => {
    const { wrapper } = setup();
    const { result, rerender } = renderHook(
      (ready: boolean) => ({
        orders: useReportItemsWhenReady('orders', ready ? { per_page: 5 } : null),
        stats: useReportStatsWhenReady('revenue', ready ? { interval: 'year' } : null),
      }),
      { wrapper, initialProps: false },
    );
    expect(result.current.orders).toMatchObject({ isRequesting: false, data: [], error: null });
    expect(result.current.stats).toMatchObject({ isRequesting: false, data: null, error: null });
    expect(server.requests).toHaveLength(0);
    rerender(true);
    await waitFor(() => expect(result.current.stats.data).not.toBeNull());
    await waitFor(() => expect(result.current.orders.isRequesting).toBe(false));
    expect(server.requests.map((r) => r.path).sort()).toEqual([
      '/wc-analytics/reports/orders',
      '/wc-analytics/reports/revenue/stats',
    ]);
  });
});

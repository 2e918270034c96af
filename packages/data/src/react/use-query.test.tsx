import type { ReportRow } from '@storelens/api';
import { act, render, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { QueryArgs } from '../client/query-string.ts';
import { stableKey } from '../core/stable-key.ts';
import { fetchReportItems, invalidateReports } from '../stores/reports/slice.ts';
import { answerGate } from '../test/gate.ts';
import { startTestServer, type TestServer } from '../test/server.ts';
import { startStore } from '../test/store.ts';
import { DataProvider } from './provider.tsx';
import { always, entryView, useQuery } from './use-query.ts';

// The products list answers one row naming the page asked for, once the test lets it go.
let server: TestServer;
const answers = answerGate();

beforeAll(async () => {
  server = await startTestServer((app) => {
    app.get('/wc-analytics/reports/products', async (req, reply) => {
      await answers.passed();
      reply.header('X-WP-Total', '1').header('X-WP-TotalPages', '1');
      return [{ product_id: Number((req.query as { page?: string }).page ?? 1) }];
    });
  });
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  answers.reset();
});

const productsAsked = () =>
  server.requests.filter((r) => r.path === '/wc-analytics/reports/products');

// `force`: the fetch itself skips nothing, so only the hook decides when to ask.
function useProducts(
  query: QueryArgs,
  policy: { shouldFetch?: () => boolean; force?: boolean } = {},
) {
  const { force = false, ...rest } = policy;
  return useQuery({
    store: 'reports/items',
    args: query,
    select: (s, a) => s.reports.items.products?.queries[stableKey(a)],
    view: entryView,
    fetch: (a) => fetchReportItems('products', a, { force }),
    ...rest,
  });
}
const firstId = (data: { data: readonly ReportRow[] } | undefined) =>
  String(data?.data[0]?.product_id);

function Table() {
  const q = useProducts({ page: 4 });
  return <p>{q.hasData ? firstId(q.data) : 'loading'}</p>;
}

describe('useQuery', () => {
  // A DataProvider around a client makes a new store: no test sees another's cache.
  function mount(query: QueryArgs) {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <DataProvider client={server.client}>{children}</DataProvider>
    );
    return renderHook((q: QueryArgs) => useProducts(q), { wrapper, initialProps: query });
  }

  it('fetches, then has data and is no longer fetching', async () => {
    const { result } = mount({ page: 1 });
    expect(result.current).toMatchObject({ hasData: false, isFetching: true, data: undefined });
    await waitFor(() => expect(result.current.hasData).toBe(true));
    expect(result.current.isFetching).toBe(false);
    expect(firstId(result.current.data)).toBe('1');
    expect(productsAsked()).toHaveLength(1);
  });

  it('does not fetch again for deep-equal arguments, and fetches for new ones', async () => {
    const { result, rerender } = mount({ page: 1, per_page: 5 });
    await waitFor(() => expect(result.current.hasData).toBe(true));
    rerender({ per_page: 5, page: 1 });
    rerender({ page: 1, per_page: 5 });
    expect(productsAsked()).toHaveLength(1);
    rerender({ page: 2, per_page: 5 });
    await waitFor(() => expect(firstId(result.current.data)).toBe('2'));
    expect(productsAsked()).toHaveLength(2);
  });

  it('fetching on every change of arguments still takes deep-equal ones for the same', async () => {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <DataProvider client={server.client}>{children}</DataProvider>
    );
    const { result, rerender } = renderHook(
      (q: QueryArgs) => useProducts(q, { shouldFetch: always, force: true }),
      { wrapper, initialProps: { page: 1, per_page: 5 } as QueryArgs },
    );
    await waitFor(() => expect(result.current.isFetching).toBe(false));
    rerender({ per_page: 5, page: 1 });
    await waitFor(() => expect(result.current.isFetching).toBe(false));
    expect(productsAsked()).toHaveLength(1);
    rerender({ page: 2, per_page: 5 });
    await waitFor(() => expect(productsAsked()).toHaveLength(2));
  });

  it('keeps the previous answer while the new arguments are fetched, without calling it theirs', async () => {
    const { result, rerender } = mount({ page: 1 });
    await waitFor(() => expect(result.current.hasData).toBe(true));
    answers.hold();
    rerender({ page: 3 });
    await waitFor(() => expect(productsAsked()).toHaveLength(2));
    expect(result.current.isFetching).toBe(true);
    expect(result.current.hasData).toBe(false);
    expect(firstId(result.current.data)).toBe('1');
    act(() => answers.release());
    await waitFor(() => expect(result.current.hasData).toBe(true));
    expect(firstId(result.current.data)).toBe('3');
    expect(result.current.isFetching).toBe(false);
  });

  it('refreshes a stale answer in place: it has data while it is fetching', async () => {
    const local = await startStore((app) => {
      app.get('/wc-analytics/reports/products', async (_req, reply) => {
        await answers.passed();
        reply.header('X-WP-Total', '1').header('X-WP-TotalPages', '1');
        return [{ product_id: 1 }];
      });
    });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <DataProvider store={local.store}>{children}</DataProvider>
    );
    const { result } = renderHook(() => useProducts({ page: 1 }), { wrapper });
    await waitFor(() => expect(result.current.hasData).toBe(true));
    answers.hold();
    act(() => {
      void local.store.dispatch(invalidateReports());
    });
    await waitFor(() => expect(result.current.isFetching).toBe(true));
    expect(result.current.hasData).toBe(true);
    expect(firstId(result.current.data)).toBe('1');
    act(() => answers.release());
    await waitFor(() => expect(result.current.isFetching).toBe(false));
    expect(local.requests.filter((r) => r.path === '/wc-analytics/reports/products')).toHaveLength(
      2,
    );
    await local.server.close();
  });

  it('sends one request for components that ask the same query together', async () => {
    const view = render(
      <DataProvider client={server.client}>
        <Table />
        <Table />
        <Table />
      </DataProvider>,
    );
    await waitFor(() => expect(view.getAllByText('4')).toHaveLength(3));
    expect(productsAsked()).toHaveLength(1);
  });
});

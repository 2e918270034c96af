import { createApiClient, DataProvider } from '@storelens/data';
import { getHistory, getNewPath } from '@storelens/navigation';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StoreSettingsProvider } from '../../settings-context';
import { FreshnessProvider } from '../../shell/freshness';
import { NoticesProvider } from '../../shell/notices';
import { bigSpendersSegment, testSettings } from '../../test-settings';
import { Overview } from './Overview';

const SEGMENTS = [bigSpendersSegment()];

/** The REST answers the Overview reads, by path; every request's URL is kept. */
function serve() {
  const urls: URL[] = [];
  const fetchImpl = vi.fn<typeof fetch>(async (input) => {
    const url = new URL(String(input), 'http://store.test');
    urls.push(url);
    const path = url.pathname + url.search;
    if (path.includes('/storelens/v1/segments')) return Response.json(SEGMENTS);
    if (path.includes('/performance-indicators/allowed'))
      return Response.json([
        { stat: 'revenue/net_revenue', chart: 'net_revenue', label: 'Net sales' },
      ]);
    if (path.includes('/performance-indicators')) {
      const narrowed = url.searchParams.get('segment') === '7';
      return Response.json([
        {
          stat: 'revenue/net_revenue',
          chart: 'net_revenue',
          label: 'Net sales',
          format: 'currency',
          value: narrowed ? 12.5 : 99,
          _links: { report: [{ href: '/analytics/revenue' }] },
        },
      ]);
    }
    if (path.includes('/leaderboards/allowed'))
      return Response.json([
        { id: 'customers', label: 'Top customers - Total spend', headers: [] },
      ]);
    if (path.includes('/leaderboards')) return Response.json([]);
    if (path.includes('/users/me')) return Response.json({ id: 1, woocommerce_meta: {} });
    return Response.json({ totals: {}, intervals: [] });
  });
  render(
    <StoreSettingsProvider settings={testSettings()}>
      <DataProvider client={createApiClient({ fetch: fetchImpl })}>
        <NoticesProvider>
          <FreshnessProvider>
            <Overview />
          </FreshnessProvider>
        </NoticesProvider>
      </DataProvider>
    </StoreSettingsProvider>,
  );
  return urls;
}

/** The requests of one route (not its `/allowed`). */
const of = (urls: URL[], route: string) => urls.filter((u) => u.pathname.endsWith(route));

/** A loaded machine renders the whole page slowly: room for it, no wall-clock claim. */
const WAIT = { timeout: 10_000 };
const RENDER_TIMEOUT = 30_000;

afterEach(() => {
  vi.restoreAllMocks();
  getHistory().replace('/');
});

describe('the Overview under a saved segment', () => {
  it(
    'sends segment= on the indicators, the leaderboards and every chart’s stats, and says so',
    async () => {
      getHistory().replace(
        getNewPath(
          { period: 'last_year', compare: 'previous_year', segment: '7' },
          '/analytics/overview',
          {},
        ),
      );
      const urls = serve();
      await screen.findAllByText('$12.50', {}, WAIT);
      await screen.findByText(
        'The figures count only the orders of the segment “Big spenders”.',
        {},
        WAIT,
      );
      await waitFor(() => expect(of(urls, '/leaderboards').length).toBeGreaterThan(0), WAIT);
      await waitFor(() => expect(of(urls, '/reports/revenue/stats').length).toBe(2), WAIT);
      const indicators = of(urls, '/reports/performance-indicators');
      // The range and the comparison range, both narrowed, each asked once.
      expect(new Set(indicators.map((u) => u.searchParams.get('after'))).size).toBe(2);
      expect(indicators).toHaveLength(2);
      expect(of(urls, '/performance-indicators/allowed')).toHaveLength(1);
      expect(of(urls, '/leaderboards/allowed')).toHaveLength(1);
      for (const u of indicators) expect(u.searchParams.get('segment')).toBe('7');
      for (const u of of(urls, '/leaderboards')) expect(u.searchParams.get('segment')).toBe('7');
      // The charts shown by default (the profit coverage read only decides which tiles show).
      const stats = urls.filter(
        (u) => /\/reports\/[a-z]+\/stats$/.test(u.pathname) && !u.search.includes('cost_coverage'),
      );
      expect(new Set(stats.map((u) => u.pathname.split('/').at(-2)))).toEqual(
        new Set(['revenue', 'orders']),
      );
      for (const u of stats) expect(u.searchParams.get('segment')).toBe('7');
      // The tile and the charts open their report under the same segment.
      const tile = within(screen.getByRole('list', { name: 'Performance' })).getByRole('link', {
        name: /Net sales/,
      });
      expect(new URLSearchParams(tile.getAttribute('href') ?? '').get('segment')).toBe('7');
      const chart = screen.getByRole('link', { name: 'Net sales Report' });
      expect(chart.getAttribute('href')).toContain('segment=7');
      expect(screen.getByRole('combobox', { name: 'Segment' })).toHaveValue('7');
    },
    RENDER_TIMEOUT,
  );

  it(
    'asks without a segment until one is picked in the Segment picker, then with it',
    async () => {
      getHistory().replace(getNewPath({ period: 'last_year' }, '/analytics/overview', {}));
      const urls = serve();
      await screen.findAllByText('$99.00', {}, WAIT);
      expect(screen.queryByText(/The figures count only/)).toBeNull();
      for (const u of urls) expect(u.searchParams.has('segment')).toBe(false);
      const select = screen.getByRole('combobox', { name: 'Segment' });
      await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(2), WAIT);
      await userEvent.setup().selectOptions(select, 'Big spenders');
      expect(new URLSearchParams(window.location.search).get('segment')).toBe('7');
      await screen.findAllByText('$12.50', {}, WAIT);
      const last = of(urls, '/reports/performance-indicators').at(-1);
      expect(last?.searchParams.get('segment')).toBe('7');
    },
    RENDER_TIMEOUT,
  );
});

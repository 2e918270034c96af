import { createApiClient, DataProvider } from '@storelens/data';
import { getHistory, getNewPath } from '@storelens/navigation';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StoreSettingsProvider } from '../../settings-context';
import { bigSpendersSegment, testSettings } from '../../test-settings';
import CohortsPage from './index';

const SEGMENTS = [bigSpendersSegment()];

/** The RFM groups as the server answers them: fewer customers under the segment. */
const rfm = (narrowed: boolean) => ({
  as_of: '2026-11-28T00:00:00',
  previous_as_of: '2026-10-28T00:00:00',
  customers: narrowed ? 3 : 40,
  groups: [
    {
      group: 'champions',
      customers: narrowed ? 3 : 8,
      net_revenue: narrowed ? 300 : 900,
      revenue_share: narrowed ? 100 : 45,
      previous_customers: narrowed ? 2 : 7,
      stayed: narrowed ? 2 : 6,
    },
  ],
});

function serve(query: Record<string, string>, rfmFails = false) {
  getHistory().replace(getNewPath(query, '/analytics/cohorts', {}));
  const urls: URL[] = [];
  const fetchImpl = vi.fn<typeof fetch>(async (input) => {
    const url = new URL(String(input), 'http://store.test');
    urls.push(url);
    if (url.pathname.endsWith('/storelens/v1/segments')) return Response.json(SEGMENTS);
    if (url.pathname.endsWith('/reports/rfm') && rfmFails)
      return Response.json(
        { code: 'db_error', message: 'The RFM groups are down.', data: { status: 500 } },
        { status: 500 },
      );
    if (url.pathname.endsWith('/reports/rfm'))
      return Response.json(rfm(url.searchParams.get('segment') === '7'));
    return Response.json([]);
  });
  render(
    <StoreSettingsProvider settings={testSettings()}>
      <DataProvider client={createApiClient({ fetch: fetchImpl })}>
        <CohortsPage />
      </DataProvider>
    </StoreSettingsProvider>,
  );
  return urls;
}

/** A loaded machine renders the whole page slowly: room for it, no wall-clock claim. */
const WAIT = { timeout: 10_000 };
const RENDER_TIMEOUT = 30_000;

afterEach(() => {
  vi.restoreAllMocks();
  getHistory().replace('/');
});

describe('the RFM groups of the Cohorts page', () => {
  it(
    'are scored under the page’s segment, say so, and open the Customers report under it',
    async () => {
      const urls = serve({ period: 'last_year', segment: '7' });
      const champions = await screen.findByRole('rowheader', { name: /Champions/ }, WAIT);
      await screen.findByText(
        /The groups score only the orders of the segment “Big spenders”/,
        {},
        WAIT,
      );
      const asked = urls.filter((u) => u.pathname.endsWith('/reports/rfm'));
      expect(asked.length).toBeGreaterThan(0);
      for (const u of asked) expect(u.searchParams.get('segment')).toBe('7');
      const row = champions.closest('tr') as HTMLElement;
      expect(
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ).toEqual(['3', '100%', '$300.00', '2', '2']);
      // The Customers report scores its rfm_group under the same segment.
      const link = within(champions).getByRole('link', {
        name: 'Champions: open these 3 customers',
      });
      const href = new URL(link.getAttribute('href') ?? '', 'http://x');
      expect(href.searchParams.get('rfm_group')).toBe('champions');
      expect(href.searchParams.get('segment')).toBe('7');
      for (const u of urls.filter((u) => u.pathname.endsWith('/reports/cohorts')))
        expect(u.searchParams.get('segment')).toBe('7');
    },
    RENDER_TIMEOUT,
  );

  it(
    'without a segment, are the whole store’s and open the Customers report',
    async () => {
      const urls = serve({ period: 'last_year' });
      const champions = await screen.findByRole('rowheader', { name: /Champions/ }, WAIT);
      for (const u of urls) expect(u.searchParams.has('segment')).toBe(false);
      expect(screen.queryByText(/The groups score only/)).toBeNull();
      const link = within(champions).getByRole('link', {
        name: 'Champions: open these 8 customers',
      });
      expect(link.getAttribute('href')).toContain('rfm_group=champions');
    },
    RENDER_TIMEOUT,
  );

  it(
    'say so when they could not be read, instead of loading for ever',
    async () => {
      serve({ period: 'last_year' }, true);
      const alert = await screen.findByText('The RFM groups are down.', {}, WAIT);
      expect(alert.closest('[role="alert"]')).not.toBeNull();
      expect(screen.queryByText('Loading RFM groups…')).toBeNull();
    },
    RENDER_TIMEOUT,
  );
});

import { createApiClient, DataProvider, useReportStats } from '@storelens/data';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StoreSettingsProvider } from '../settings-context';
import { testSettings } from '../test-settings';
import { FreshnessProvider, UpdatedAt } from './freshness';

const settings = testSettings({ timezone: 'America/New_York' });

function Revenue() {
  const stats = useReportStats('revenue', { after: '2026-11-01', before: '2026-11-28' });
  return <p>{stats.isRequesting ? 'loading' : 'figures'}</p>;
}

/** Shows the tab again: the provider checks at once (as it does every half minute). */
const comeBack = () =>
  act(async () => {
    document.dispatchEvent(new Event('visibilitychange'));
    await new Promise((r) => setTimeout(r, 0));
  });

describe('following the server data', () => {
  it('reads the reports on screen again when the data changed, and says when it could not check', async () => {
    const answers: (string | null)[] = [
      '2026-11-28T10:00:00.000Z',
      '2026-11-28T10:00:00.000Z',
      '2026-11-28T10:05:00.000Z',
      null,
    ];
    let reads = 0;
    const fetchImpl = vi.fn<typeof fetch>(async (input) => {
      const url = String(input);
      if (url.includes('/storelens/v1/data-changes')) {
        const next = answers.shift();
        return next === null || next === undefined
          ? Response.json({ code: 'x', message: 'down', data: { status: 503 } }, { status: 503 })
          : Response.json({ changed_gmt: next });
      }
      reads++;
      return Response.json({ totals: {}, intervals: [] });
    });
    const client = createApiClient({ fetch: fetchImpl });
    render(
      <StoreSettingsProvider settings={settings}>
        <DataProvider client={client}>
          <FreshnessProvider>
            <UpdatedAt />
            <Revenue />
          </FreshnessProvider>
        </DataProvider>
      </StoreSettingsProvider>,
    );
    await screen.findByText('figures');
    expect(screen.getByTestId('updated-at').textContent).toMatch(/^Updated \d{1,2}:\d{2}/);
    const first = reads;
    expect(first).toBe(1);
    // The same time again: nothing is read again.
    await comeBack();
    expect(reads).toBe(first);
    // The data moved on: the report is read again.
    await comeBack();
    await vi.waitFor(() => expect(reads).toBe(first + 1));
    // The check fails: said beside the time, the figures stay.
    await comeBack();
    await screen.findByText(/newer figures could not be checked/);
    expect(screen.getByText('figures')).toBeTruthy();
  });
});

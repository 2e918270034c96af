import { createApiClient, DataProvider } from '@storelens/data';
import { getHistory } from '@storelens/navigation';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bigSpendersSegment } from '../../test-settings';
import { SegmentPicker, segmentQuery } from './segments';

const SEGMENTS = [
  bigSpendersSegment({ id: 2 }),
  {
    id: 5,
    name: 'Mug orders',
    source: 'orders',
    query: { product_includes: [10] },
    shared: true,
    owner_id: 3,
    owner_name: 'Manager',
    mine: false,
    date_created_gmt: '2024-06-01T00:00:00',
    date_modified_gmt: '2024-06-01T00:00:00',
  },
];

function renderPicker() {
  const fetchImpl = vi.fn<typeof fetch>(
    async () =>
      new Response(JSON.stringify(SEGMENTS), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );
  render(
    <DataProvider client={createApiClient({ fetch: fetchImpl })}>
      <SegmentPicker query={{ path: '/analytics/revenue' }} />
    </DataProvider>,
  );
  return fetchImpl;
}

afterEach(() => {
  vi.restoreAllMocks();
  getHistory().replace('/');
});

describe('the Segment picker', () => {
  it('lists the user’s segments and the shared ones under its label', async () => {
    const fetchImpl = renderPicker();
    const select = screen.getByRole('combobox', { name: 'Segment' });
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All customers and orders',
      'Big spenders',
      'Mug orders (shared)',
    ]);
    expect(select).toHaveValue('');
    expect(String(fetchImpl.mock.calls[0]![0])).toContain('/storelens/v1/segments');
  });

  it('adds segment=<id> to the page’s query, chosen with the keyboard', async () => {
    renderPicker();
    const select = screen.getByRole('combobox', { name: 'Segment' });
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    const user = userEvent.setup();
    await user.tab();
    expect(select).toHaveFocus();
    await user.selectOptions(select, 'Mug orders (shared)');
    expect(new URLSearchParams(window.location.search).get('segment')).toBe('5');
  });

  it('reads only a numeric segment from the query', () => {
    expect(segmentQuery({ segment: '5' })).toEqual({ segment: '5' });
    expect(segmentQuery({ segment: 'x' })).toEqual({});
    expect(segmentQuery({})).toEqual({});
  });
});

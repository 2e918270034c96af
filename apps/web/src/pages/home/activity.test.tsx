import { createApiClient, DataProvider } from '@storelens/data';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StoreSettingsProvider } from '../../settings-context';
import { testSettings } from '../../test-settings';
import { OrdersPanel } from './Activity';

/** A loaded machine may take seconds to render: what is awaited decides, not the clock. */
const WAIT = { timeout: 15_000 };

const FULFILLED = /fulfilled all your orders/;

describe('Home orders panel', () => {
  it('says every order is fulfilled only once the actionable statuses are known and no order is in them', async () => {
    let releaseSettings: () => void = () => {};
    const settingsHeld = new Promise<void>((resolve) => {
      releaseSettings = resolve;
    });
    const asked: string[] = [];
    const fetchImpl = vi.fn<typeof fetch>(async (input) => {
      const url = new URL(String(input), 'http://store.test');
      asked.push(url.pathname);
      if (url.pathname.endsWith('/settings/wc_admin')) {
        await settingsHeld;
        return Response.json([
          { id: 'woocommerce_actionable_order_statuses', value: ['processing', 'on-hold'] },
        ]);
      }
      if (url.pathname.endsWith('/reports/orders'))
        return Response.json([], { headers: { 'x-wp-total': '0', 'x-wp-totalpages': '0' } });
      return Response.json([]);
    });
    render(
      <StoreSettingsProvider settings={testSettings()}>
        <DataProvider client={createApiClient({ fetch: fetchImpl })}>
          <OrdersPanel />
        </DataProvider>
      </StoreSettingsProvider>,
    );
    await waitFor(
      () => expect(asked.some((p) => p.endsWith('/settings/wc_admin'))).toBe(true),
      WAIT,
    );
    // The statuses are still loading: no orders were asked for, so none can be said fulfilled.
    expect(screen.queryByText(FULFILLED)).toBeNull();
    expect(asked.some((p) => p.endsWith('/reports/orders'))).toBe(false);
    releaseSettings();
    await screen.findByText(FULFILLED, {}, WAIT);
    expect(asked.some((p) => p.endsWith('/reports/orders'))).toBe(true);
  }, 30_000);
});

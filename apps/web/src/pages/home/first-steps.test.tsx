import { createApiClient, DataProvider } from '@storelens/data';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StoreSettingsProvider } from '../../settings-context';
import { testSettings } from '../../test-settings';
import { FirstSteps, firstSteps } from './FirstSteps';

const owner = {
  isAdministrator: true,
  canEditCosts: true,
  connected: false,
  users: 1,
  digests: 0,
};

describe('Home first steps', () => {
  it('lists shop, team, costs and digest in that order for an administrator', () => {
    expect(firstSteps({ ...owner, costCoverage: 0.84 }).map((s) => s.id)).toEqual([
      'connect',
      'team',
      'costs',
      'digest',
    ]);
  });

  it('the costs step is done only when every item sold lately has a known cost', () => {
    const costs = (costCoverage: number | null | undefined) =>
      firstSteps({ ...owner, costCoverage }).find((s) => s.id === 'costs');
    expect(costs(0.84)?.done).toBe(false);
    expect(costs(0.9999)?.done).toBe(false);
    expect(costs(1)?.done).toBe(true);
    // Nothing sold lately: nothing to fill in.
    expect(costs(null)?.done).toBe(true);
    // Still loading: neither done nor to do.
    expect(costs(undefined)?.done).toBeNull();
  });

  it('opens the Products report with the products without a cost first', () => {
    const step = firstSteps({ ...owner, costCoverage: 0.5 }).find((s) => s.id === 'costs');
    expect(step).toMatchObject({
      path: '/analytics/products',
      query: { orderby: 'cost_of_goods', order: 'asc' },
    });
  });

  it('an analyst gets only the digest; a shop manager also the costs', () => {
    const analyst = { ...owner, isAdministrator: false, canEditCosts: false };
    expect(firstSteps(analyst).map((s) => s.id)).toEqual(['digest']);
    expect(firstSteps({ ...analyst, canEditCosts: true }).map((s) => s.id)).toEqual([
      'costs',
      'digest',
    ]);
  });

  it('says when whether a step is done could not be checked, and leaves it to do', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async (input) => {
      const path = new URL(String(input), 'http://store.test').pathname;
      if (path.endsWith('/wp/v2/users/me'))
        return Response.json({
          id: 1,
          name: 'Owner',
          email: 'owner@example.test',
          roles: ['administrator'],
          capabilities: { manage_options: true, manage_woocommerce: true },
          woocommerce_meta: {},
        });
      if (path.endsWith('/wp/v2/users'))
        return Response.json(
          { code: 'db_error', message: 'Down', data: { status: 500 } },
          { status: 500 },
        );
      if (path.endsWith('/reports/revenue/stats'))
        return Response.json({ totals: { cost_coverage: 1 }, intervals: [] });
      return Response.json([]);
    });
    render(
      <StoreSettingsProvider settings={testSettings()}>
        <DataProvider client={createApiClient({ fetch: fetchImpl })}>
          <FirstSteps />
        </DataProvider>
      </StoreSettingsProvider>,
    );
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toBe(
      'Whether some steps are done could not be checked: they are shown as still to do.',
    );
    expect(screen.getByRole('link', { name: 'Invite your team' })).toBeInTheDocument();
    // The costs step, read without failing, is ticked.
    await screen.findByText('Costs are known for everything sold lately', {}, { timeout: 10_000 });
  }, 30_000);
});

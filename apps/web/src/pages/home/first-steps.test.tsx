import { describe, expect, it } from 'vitest';
import { firstSteps } from './FirstSteps';

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
});

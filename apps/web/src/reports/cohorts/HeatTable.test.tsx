import type { CohortRowBody } from '@storelens/api';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cellValue, HeatTable, heatBackground, target } from './HeatTable';

const period = (customers: number, orders = customers, net = 10 * orders) => ({
  customers,
  orders,
  net_revenue: net,
  ltv: net / 10,
});
const rows: CohortRowBody[] = [
  {
    cohort: '2025-01',
    date_start: '2025-01-01 00:00:00',
    customers: 10,
    periods: [period(10), period(4), period(2)],
  },
  {
    cohort: '2025-02',
    date_start: '2025-02-01 00:00:00',
    customers: 8,
    periods: [period(8), period(1)],
  },
];

function draw() {
  return render(
    <HeatTable
      rows={rows}
      periods={3}
      caption="Retention"
      periodLabel={(k) => `+${k}`}
      cell={(row, k) =>
        row.periods[k]
          ? {
              value: cellValue(row, k, 'retention'),
              text: `${cellValue(row, k, 'retention')}%`,
              label: `Cohort ${row.cohort}, period ${k}: ${row.periods[k]!.customers} of ${row.customers}`,
              href: `/customers?cohort=${row.cohort}&cohort_period=${k}`,
            }
          : null
      }
    />,
  );
}

describe('HeatTable', () => {
  it('names every cell and links it to its customers', () => {
    draw();
    expect(screen.getByRole('grid', { name: 'Retention' })).toBeTruthy();
    const cell = screen.getByRole('link', { name: 'Cohort 2025-01, period 1: 4 of 10' });
    expect(cell.getAttribute('href')).toBe('/customers?cohort=2025-01&cohort_period=1');
    expect(cell.textContent).toBe('40%');
    // One cell in the tab order.
    expect(screen.getAllByRole('link').filter((a) => a.tabIndex === 0)).toHaveLength(1);
  });

  it('moves with the arrow keys, Home and End, skipping periods not reached yet', async () => {
    draw();
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement?.getAttribute('aria-label')).toBe(
      'Cohort 2025-01, period 0: 10 of 10',
    );
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/2025-01, period 2/);
    await user.keyboard('{ArrowDown}');
    // 2025-02 has no third period: the focus stops at its last one.
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/2025-02, period 1/);
    await user.keyboard('{Home}');
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/2025-02, period 0/);
    await user.keyboard('{Control>}{End}{/Control}');
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/2025-02, period 1/);
  });

  it('keeps the colour within half the primary colour', () => {
    expect(heatBackground(2)).toContain('50%');
    expect(heatBackground(0)).toContain(' 0%');
    expect(target('ArrowUp', false, 0, 1, 2, 3)).toEqual([0, 1]);
  });
});

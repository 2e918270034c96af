import { describe, expect, it } from 'vitest';
import { selectedMetric } from '../page/ReportPage';
import { testContext } from '../page/test-context';
import { revenueCells, revenueCharts, revenueReport } from './definition';

describe('Revenue definition', () => {
  it('charts the metric of the chart param and falls back to gross sales', () => {
    expect(selectedMetric(revenueCharts, 'net_revenue')?.key).toBe('net_revenue');
    expect(selectedMetric(revenueCharts, 'nonsense')?.key).toBe('gross_sales');
  });

  it('marks returns as the metric where a rise is bad', () => {
    expect(revenueCharts.filter((m) => m.reverseTrend).map((m) => m.key)).toEqual(['refunds']);
  });

  it('maps a day to its date, orders and money columns, in header order', () => {
    const table = revenueReport.table({}, {});
    const cells = revenueCells(
      {
        date_start: '2025-03-04 00:00:00',
        subtotals: { orders_count: 3, gross_sales: 120.5, refunds: 10, net_revenue: 100 },
      },
      testContext(),
    );
    expect(cells).toHaveLength(table.headers.length);
    expect(cells[0]).toEqual({ display: 'Mar 4, 2025', value: '2025-03-04' });
    expect(cells[1]?.value).toBe(3);
    expect(cells[2]).toEqual({ display: '$120.50', value: 120.5 });
    expect(cells[table.headers.findIndex((h) => h.key === 'net_revenue')]?.value).toBe(100);
  });
});

import { describe, expect, it } from 'vitest';
import { revenueMetrics, selectedMetric } from './metrics';

describe('selectedMetric', () => {
  it('reads the chart parameter and falls back to gross sales', () => {
    expect(selectedMetric('net_revenue').key).toBe('net_revenue');
    expect(selectedMetric('nonsense').key).toBe('gross_sales');
    expect(selectedMetric(undefined)).toBe(revenueMetrics[0]);
  });

  it('marks returns as a metric where a rise is bad', () => {
    expect(selectedMetric('refunds').reverseTrend).toBe(true);
    expect(selectedMetric('net_revenue').reverseTrend).toBeUndefined();
  });
});

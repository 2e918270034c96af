import type { ReportStatsBody as ReportStats } from '@storelens/api';
import { hasIntervals } from './endpoints.ts';

/**
 * A stats answer is empty when `totals` is null (or missing), or when `intervals`
 * is empty on an endpoint that has intervals.
 */
export function isReportStatsEmpty(
  stats: ReportStats | null | undefined,
  endpoint: string,
): boolean {
  if (!stats?.totals) return true;
  if (!hasIntervals(endpoint)) return false;
  return !stats.intervals || stats.intervals.length === 0;
}

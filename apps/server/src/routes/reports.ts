import { cohortReports } from './cohorts';
import { indicatorReports } from './indicators';
import { listReports } from './lists';
import type { ReportDefinition } from './report-definition';
import { revenueReports } from './revenue';
import { sourceReports } from './sources';
import { statsReports } from './stats';

/**
 * Every report defined by a {@link ReportDefinition} (path, query schema, parameter builder,
 * report function): the routes are registered from this list (routes/analytics.ts,
 * routes/revenue.ts), and the export reads a report by its path here
 * (admin/export-sources.ts, `directReader`). A new report is its function, its definition in
 * one of these lists, and its page.
 */
export const reportDefinitions: readonly ReportDefinition[] = [
  ...revenueReports,
  ...statsReports,
  ...listReports,
  ...sourceReports,
  ...indicatorReports,
  ...cohortReports,
];

const byPath = new Map(reportDefinitions.map((def) => [def.path.toLowerCase(), def]));

/** The report at `path` (routing is case-insensitive, as the routes'), if one is defined. */
export function reportDefinition(path: string): ReportDefinition | undefined {
  return byPath.get(path.toLowerCase());
}

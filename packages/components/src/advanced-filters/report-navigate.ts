import { getNewPath, navigateTo, type QueryInput } from '@storelens/navigation';

/** Receives the complete next report query (the whole query, not a patch). */
export type ReportNavigate = (nextQuery: QueryInput) => void;

/** The caller's navigation, or by default an in-app navigation to `nextQuery` on `path`. */
export function useReportNavigate(
  path: string,
  onNavigate: ReportNavigate | undefined,
): ReportNavigate {
  return onNavigate ?? ((nextQuery) => navigateTo({ url: getNewPath(nextQuery, path, {}) }));
}

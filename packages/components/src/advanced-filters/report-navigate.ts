/** Receives the complete next report query (without `page` and `path`). */
export type ReportNavigate = (nextQuery: Readonly<Record<string, unknown>>) => void;

/** Appends one query value (arrays as `key[]=…`, pairs as `key[0][]=…`) to URL params. */
function appendParam(params: URLSearchParams, key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      if (Array.isArray(item)) appendParam(params, `${key}[${index}]`, item);
      else params.append(`${key}[]`, String(item));
    });
    return;
  }
  params.append(key, String(value));
}

/**
 * The caller's navigation, or by default a history push to the admin page with `path` and
 * the query. (Stand-in until @storelens/navigation's getNewPath/navigateTo land.)
 */
export function useReportNavigate(
  path: string,
  onNavigate: ReportNavigate | undefined,
): ReportNavigate {
  return (
    onNavigate ??
    ((nextQuery) => {
      const params = new URLSearchParams({ page: 'wc-admin' });
      if (path && path !== '/') params.set('path', path);
      for (const [key, value] of Object.entries(nextQuery)) appendParam(params, key, value);
      window.history.pushState(null, '', `${window.location.pathname}?${params.toString()}`);
      window.dispatchEvent(new PopStateEvent('popstate'));
    })
  );
}

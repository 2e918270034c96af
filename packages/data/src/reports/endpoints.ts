/** Endpoints without intervals: no after/before/interval is sent, stats hold totals only. */
export const NO_INTERVAL_ENDPOINTS: readonly string[] = ['stock', 'customers'];

/** The most records one request may ask for. */
export const MAX_PER_PAGE = 100;

/** The default report page size (used when neither query nor settings give one). */
export const DEFAULT_REPORTS_PER_PAGE = 25;

/** Report query defaults. */
export const REPORT_QUERY_DEFAULTS = { orderby: 'date', order: 'desc', page: 1 } as const;

/** True when the endpoint's stats have intervals and its requests take dates. */
export const hasIntervals = (endpoint: string): boolean =>
  !NO_INTERVAL_ENDPOINTS.includes(endpoint);

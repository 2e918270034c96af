import { appendTimestamp } from '@storelens/date';
import {
  type ActiveFilter,
  type FilterQueryConfig,
  flattenFilters,
  getActiveFiltersFromQuery,
  getQueryFromActiveFilters,
} from '@storelens/navigation';
import type { QueryArgs, QueryValue } from '../client/query-string.ts';

/** A report's URL query as read from the location (strings, or lists for multi-value params). */
export type ReportQuery = Readonly<Record<string, unknown>>;

/** One option of a report filter dropdown, as far as the data-query helper reads it. */
export interface ReportFilterOption {
  /** The value the filter param takes. */
  readonly value: string;
  /** Static params sent when this option is chosen. */
  readonly query?: Readonly<Record<string, string>>;
  /** For search-type options: the query param holding the chosen ids. */
  readonly settings?: { readonly param?: string };
  /** Nested options. */
  readonly subFilters?: readonly ReportFilterOption[];
}

/** A report filter config: the query param it writes and its options. */
export interface ReportFilterConfig {
  readonly param: string;
  readonly filters: readonly ReportFilterOption[];
}

/** An advanced filter config, as far as the data-query helper reads it. */
export interface AdvancedFilterConfig extends FilterQueryConfig {
  /** The value input; Date inputs get their values stamped at start or end of day. */
  readonly input?: { readonly component?: string };
}

/** The advanced filters of a report. */
export interface AdvancedFiltersConfig {
  readonly filters: Readonly<Record<string, AdvancedFilterConfig>>;
}

/** Inputs of `getFilterQuery`. */
export interface FilterQueryOptions {
  /** The report endpoint, e.g. `products`. */
  readonly endpoint: string;
  /** The URL query. */
  readonly query: ReportQuery;
  /** Params a search limits by; `[endpoint]` by default. */
  readonly limitBy?: readonly string[];
  /** The report's filter configs. */
  readonly filters?: readonly ReportFilterConfig[];
  /** The report's advanced filters. */
  readonly advancedFilters?: AdvancedFiltersConfig;
}

/** Stamps a Date filter's values: after → start of day, before → end, between → both. */
function stampDates(filter: ActiveFilter, config: AdvancedFilterConfig | undefined): ActiveFilter {
  if (config?.input?.component !== 'Date') return filter;
  const { rule, value } = filter;
  if (rule === 'between' && Array.isArray(value) && value.length === 2) {
    return {
      ...filter,
      value: [
        appendTimestamp(value[0] as string, 'start'),
        appendTimestamp(value[1] as string, 'end'),
      ],
    };
  }
  if (typeof value === 'string' && (rule === 'after' || rule === 'before')) {
    return { ...filter, value: appendTimestamp(value, rule === 'after' ? 'start' : 'end') };
  }
  return filter;
}

function definedOnly(query: Readonly<Record<string, unknown>>): Record<string, QueryValue> {
  const out: Record<string, QueryValue> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) out[key] = value as QueryValue;
  }
  return out;
}

function queryForConfig(
  config: ReportFilterConfig,
  query: ReportQuery,
  advanced: AdvancedFiltersConfig | undefined,
): Record<string, QueryValue> {
  const chosen = query[config.param];
  if (typeof chosen !== 'string' || chosen === '') return {};
  if (chosen === 'advanced') {
    const filters = advanced?.filters ?? {};
    const active = getActiveFiltersFromQuery(query, filters);
    if (active.length === 0) return {};
    const stamped = active.map((filter) => stampDates(filter, filters[filter.key]));
    const match = typeof query.match === 'string' && query.match !== '' ? query.match : 'all';
    return { match, ...definedOnly(getQueryFromActiveFilters(stamped, {}, filters)) };
  }
  const option = flattenFilters(config.filters).find((candidate) => candidate.value === chosen);
  if (!option) return {};
  const param = option.settings?.param;
  if (param) {
    const ids = query[param];
    return ids === undefined || ids === '' ? {} : { [param]: ids as QueryValue };
  }
  return { ...option.query };
}

/**
 * The data-query helper: with a `search` in the query, only the endpoint's own
 * ids (or the `limitBy` params); otherwise every filter's params, and for advanced filters a
 * `match` (default all) plus the rule params, Date values stamped at start or end of day.
 */
export function getFilterQuery(options: FilterQueryOptions): QueryArgs {
  const { endpoint, query, limitBy, filters = [], advancedFilters } = options;
  if (query.search) {
    const out: Record<string, QueryValue> = {};
    for (const param of limitBy ?? [endpoint]) {
      if (query[param] !== undefined) out[param] = query[param] as QueryValue;
    }
    return out;
  }
  return Object.assign(
    {},
    ...filters.map((config) => queryForConfig(config, query, advancedFilters)),
  );
}

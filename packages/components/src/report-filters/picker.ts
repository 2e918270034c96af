import { persistedQueryParams, type QueryValue } from '@storelens/navigation';
import type { ReportQuery } from '../advanced-filters/types';
import type { ReportFilter, ReportFilterConfig } from './types';

/** The value meaning "no filter" when a config gives no default. */
export const DEFAULT_FILTER = 'all';

/** The config's default value: its own, or `all`. */
export function getDefaultValue(config: ReportFilterConfig): string {
  return config.defaultValue ?? DEFAULT_FILTER;
}

/** The value chosen in the query for a config, or its default. */
export function getSelectedValue(config: ReportFilterConfig, query: ReportQuery): string {
  const value = query[config.param];
  return typeof value === 'string' && value !== '' ? value : getDefaultValue(config);
}

/** The chain of filters from the top level down to the filter with `value`, or undefined. */
export function findFilterChain(
  filters: readonly ReportFilter[],
  value: string,
): ReportFilter[] | undefined {
  for (const filter of filters) {
    if (filter.value === value) return [filter];
    if (filter.subFilters) {
      const below = findFilterChain(filter.subFilters, value);
      if (below) return [filter, ...below];
    }
  }
  return undefined;
}

/**
 * The level the dropdown opens at for `value`: the values of the filters above it (its own
 * `path` when given). Empty (the top) for an unknown value.
 */
export function getInitialNav(filters: readonly ReportFilter[], value: string): string[] {
  const chain = findFilterChain(filters, value);
  if (!chain) return [];
  const filter = chain[chain.length - 1];
  return filter?.path ? [...filter.path] : chain.slice(0, -1).map((item) => item.value);
}

/** The filters shown at a level (`nav` = values of the groups opened); the top when lost. */
export function getVisibleFilters(
  filters: readonly ReportFilter[],
  nav: readonly string[],
): readonly ReportFilter[] {
  let level = filters;
  for (const value of nav) {
    const group = level.find((filter) => filter.value === value);
    if (!group?.subFilters) return filters;
    level = group.subFilters;
  }
  return level;
}

/**
 * The query after choosing a filter value: the persisted date params and the config's static
 * params of the current query, the param (cleared when the value is the default) and `extra`.
 */
export function getPickerQuery(
  config: ReportFilterConfig,
  query: ReportQuery,
  value: string,
  extra: Readonly<Record<string, string>> = {},
): Record<string, QueryValue> {
  const next: Record<string, QueryValue> = {};
  for (const param of [...persistedQueryParams, ...(config.staticParams ?? [])]) {
    const value = query[param];
    if (value !== undefined) next[param] = value;
  }
  if (value !== getDefaultValue(config)) next[config.param] = value;
  return { ...next, ...extra };
}

import {
  BETWEEN_RULE,
  type FilterQueryValue,
  type FilterValue,
  getActiveFiltersFromQuery,
  getDefaultOptionValue,
  getQueryFromActiveFilters,
  type QueryInput,
  type QueryInputValue,
} from '@storelens/navigation';
import type {
  AdvancedFilterConfig,
  AdvancedFiltersConfig,
  FilterRow,
  MatchMode,
  ReportQuery,
} from './types';

/** The match mode in the query: `any` only when the query says so, else `all`. */
export function getMatchFromQuery(query: ReportQuery): MatchMode {
  return query.match === 'any' ? 'any' : 'all';
}

/** The panel rows for the filters in the query, each with an id from `makeId`. */
export function getRowsFromQuery(
  query: ReportQuery,
  config: AdvancedFiltersConfig,
  makeId: () => string,
): FilterRow[] {
  return getActiveFiltersFromQuery(query, config.filters).map((filter) => ({
    id: makeId(),
    key: filter.key,
    rule: filter.rule,
    value: filter.value,
  }));
}

/** Keys of the filters the Add a Filter menu offers: those not in use, and those allowing multiples. */
export function getAvailableFilterKeys(
  config: AdvancedFiltersConfig,
  rows: readonly FilterRow[],
): string[] {
  return Object.entries(config.filters)
    .filter(([key, filter]) => filter.allowMultiple || !rows.some((row) => row.key === key))
    .map(([key]) => key);
}

/** The value a newly added filter starts with: the default option of a select, else empty. */
export function getInitialValue(filter: AdvancedFilterConfig): FilterValue {
  const { input, labels } = filter;
  if (input.component === 'SelectControl') {
    return getDefaultOptionValue({ labels, input }, input.options) ?? '';
  }
  return '';
}

/** A new row for a filter: its first rule and its initial value. */
export function createRow(key: string, filter: AdvancedFilterConfig, id: string): FilterRow {
  return { id, key, rule: filter.rules?.[0]?.value, value: getInitialValue(filter) };
}

/**
 * The value after the rule changes: moving to between keeps the value as the first end of a
 * pair; moving from between to a one-value rule collapses the pair into its first value.
 */
export function getValueForRule(
  value: FilterValue,
  previousRule: string | undefined,
  nextRule: string | undefined,
): FilterValue {
  const wasBetween = previousRule === BETWEEN_RULE;
  const isBetween = nextRule === BETWEEN_RULE;
  if (wasBetween === isBetween) return value;
  if (isBetween) return typeof value === 'string' ? [value, ''] : value;
  return typeof value === 'string' ? value : (value[0] ?? '');
}

/** Whether a filter's values are pairs of numbers or dates that a between rule applies to. */
export function isRangeInput(filter: AdvancedFilterConfig): boolean {
  const kind = filter.input.component;
  return kind === 'Number' || kind === 'Currency' || kind === 'Date';
}

/** The row after choosing a rule, with its value collapsed or expanded for range inputs. */
export function changeRowRule(
  row: FilterRow,
  rule: string,
  filter: AdvancedFilterConfig,
): FilterRow {
  const value = isRangeInput(filter) ? getValueForRule(row.value, row.rule, rule) : row.value;
  return { ...row, rule, value };
}

/**
 * The query update the Filter button applies: every filter param of the current query removed
 * (undefined), the rows' `key_rule` params, and `match` (left out when `all`).
 */
export function getFilterUpdate(
  rows: readonly FilterRow[],
  match: MatchMode,
  query: ReportQuery,
  config: AdvancedFiltersConfig,
): Record<string, FilterQueryValue> {
  return {
    ...getQueryFromActiveFilters(rows, query, config.filters),
    match: match === 'all' ? undefined : match,
  };
}

/** The query with an update applied; keys updated to undefined are removed. */
export function applyQueryUpdate(
  query: ReportQuery,
  update: QueryInput,
): Record<string, QueryInputValue> {
  const next: Record<string, QueryInputValue> = { ...query, ...update };
  for (const key of Object.keys(next)) {
    if (next[key] === undefined) delete next[key];
  }
  return next;
}

/** A stable text form of the filter params and match, to tell whether anything changed. */
function filterSignature(update: QueryInput): string {
  const entries = Object.entries(update)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(entries);
}

/**
 * Whether the Filter button is enabled: at least one filter is active and the filters or the
 * match mode differ from what the query already applies.
 */
export function isFilterEnabled(
  rows: readonly FilterRow[],
  match: MatchMode,
  query: ReportQuery,
  config: AdvancedFiltersConfig,
): boolean {
  if (rows.length === 0) return false;
  const current = getRowsFromQuery(query, config, () => '');
  const applied = filterSignature(getFilterUpdate(current, getMatchFromQuery(query), {}, config));
  return filterSignature(getFilterUpdate(rows, match, {}, config)) !== applied;
}

/**
 * Advanced filters ⇄ query string, and report filter config helpers.
 *
 * An advanced filter lives in the query as `<key>_<rule>` (or `<key>` for a filter without
 * rules). A filter that allows multiple instances keeps an array of values under its query
 * key; any other filter keeps one value.
 */

/** One advanced filter's value: a single value, or a list (a between range, `[attribute, term]`). */
export type FilterValue = string | readonly string[];

/** A query value as the filter helpers write it; `undefined` means "remove this param". */
export type FilterQueryValue = FilterValue | readonly FilterValue[] | undefined;

/** A query object as the filter helpers write it. */
export type FilterQuery = Readonly<Record<string, FilterQueryValue>>;

/** An advanced filter in use: its config key, rule, value and instance (for multiples). */
export interface ActiveFilter {
  /** The filter's key in the advanced filters config. */
  readonly key: string;
  /** The rule value (`is`, `between`…), absent for filters without rules. */
  readonly rule?: string | undefined;
  /** The filter's value. */
  readonly value: FilterValue;
  /** 1-based instance number among filters with the same key, for filters allowing multiples. */
  readonly instance?: number | undefined;
}

/** A rule of an advanced filter (`is`, `is_not`, `between`…). */
export interface FilterRule {
  /** Value used in the query key, `<key>_<value>`. */
  readonly value: string;
  /** Visible label. */
  readonly label: string;
}

/** The part of an advanced filter config the query helpers read. */
export interface FilterQueryConfig {
  /** Rules the filter offers; none means the query key is the filter key itself. */
  readonly rules?: readonly FilterRule[] | undefined;
  /** Whether several instances of the filter may be active at once. */
  readonly allowMultiple?: boolean | undefined;
}

/** Advanced filter configs keyed by filter key, as the query helpers read them. */
export type FilterQueryConfigs = Readonly<Record<string, FilterQueryConfig>>;

/** The rule that takes a pair of values and needs both ends. */
export const BETWEEN_RULE = 'between';

/** The query key of a filter: `<key>_<rule>`, or the key alone without a rule. */
export function getUrlKey(key: string, rule?: string): string {
  return rule ? `${key}_${rule}` : key;
}

/** Reads a single filter value from an untyped query value; anything else gives undefined. */
function readValue(raw: unknown): FilterValue | undefined {
  if (typeof raw === 'string') return raw;
  if (Array.isArray(raw) && raw.every((item) => typeof item === 'string')) {
    return raw as string[];
  }
  return undefined;
}

/** Reads the list of values of a filter allowing multiples (a lone value counts as one). */
function readValues(raw: unknown): FilterValue[] {
  if (typeof raw === 'string') return [raw];
  if (!Array.isArray(raw)) return [];
  if (raw.every((item) => typeof item === 'string')) return raw as string[];
  return raw.map(readValue).filter((value): value is FilterValue => value !== undefined);
}

/** True for a value that carries nothing: '', an empty list, or a list with an empty member. */
export function isEmptyFilterValue(value: FilterValue | undefined): boolean {
  if (value === undefined) return true;
  if (typeof value === 'string') return value === '';
  return value.length === 0 || value.some((item) => item === '');
}

/** The advanced filters present in a query, in config order then rule order. */
export function getActiveFiltersFromQuery(
  query: Readonly<Record<string, unknown>>,
  config: FilterQueryConfigs,
): ActiveFilter[] {
  const active: ActiveFilter[] = [];
  for (const [key, filter] of Object.entries(config)) {
    const rules = filter.rules && filter.rules.length > 0 ? filter.rules : [undefined];
    const found = rules.filter((rule) => query[getUrlKey(key, rule?.value)] !== undefined);
    if (filter.allowMultiple) {
      let instance = 0;
      for (const rule of found) {
        for (const value of readValues(query[getUrlKey(key, rule?.value)])) {
          if (isEmptyFilterValue(value)) continue;
          instance += 1;
          active.push({ key, rule: rule?.value, value, instance });
        }
      }
      continue;
    }
    // A single-instance filter takes the first rule found in the query.
    const rule = found[0];
    const value = readValue(query[getUrlKey(key, rule?.value)]);
    if (found.length > 0 && !isEmptyFilterValue(value) && value !== undefined) {
      active.push({ key, rule: rule?.value, value });
    }
  }
  return active;
}

/** Every query key an advanced filters config can own, for the keys present in `query`. */
function getFilterKeysInQuery(
  query: Readonly<Record<string, unknown>>,
  config: FilterQueryConfigs,
): string[] {
  const keys: string[] = [];
  for (const [key, filter] of Object.entries(config)) {
    const candidates = filter.rules?.length
      ? filter.rules.map((rule) => getUrlKey(key, rule.value))
      : [key];
    for (const candidate of candidates) {
      if (candidate in query) keys.push(candidate);
    }
  }
  return keys;
}

/**
 * The query for a set of active filters: every filter param of `query` set to undefined (so a
 * path builder removes it), then `key_rule` params for the filters. Empty values are dropped,
 * and so is a between rule without two non-empty ends. Filters allowing multiples get arrays.
 */
export function getQueryFromActiveFilters(
  activeFilters: readonly ActiveFilter[],
  query: Readonly<Record<string, unknown>>,
  config: FilterQueryConfigs,
): Record<string, FilterQueryValue> {
  const next: Record<string, FilterQueryValue> = {};
  for (const key of getFilterKeysInQuery(query, config)) next[key] = undefined;
  const multiples: Record<string, FilterValue[]> = {};
  for (const filter of activeFilters) {
    if (isEmptyFilterValue(filter.value)) continue;
    if (
      filter.rule === BETWEEN_RULE &&
      (typeof filter.value === 'string' || filter.value.length !== 2)
    ) {
      continue;
    }
    const urlKey = getUrlKey(filter.key, filter.rule);
    if (config[filter.key]?.allowMultiple) {
      const list = multiples[urlKey] ?? [];
      list.push(filter.value);
      multiples[urlKey] = list;
      next[urlKey] = list;
    } else {
      next[urlKey] = filter.value;
    }
  }
  return next;
}

/** An option of a select-type filter input. */
export interface FilterOption {
  /** Value written to the query. */
  readonly value: string;
  /** Visible label. */
  readonly label: string;
}

/** The part of a select filter config `getDefaultOptionValue` reads. */
export interface DefaultOptionConfig {
  /** Labels; `add` names the filter in the warning. */
  readonly labels?: { readonly add?: string | undefined } | undefined;
  /** The input; `defaultOption` is the value preselected when the filter is added. */
  readonly input: { readonly defaultOption?: string | undefined };
}

/**
 * The value a select filter starts with: its `defaultOption` when that is one of the options
 * (otherwise a console warning and undefined), else the first option's value.
 */
export function getDefaultOptionValue(
  config: DefaultOptionConfig,
  options: readonly FilterOption[],
): string | undefined {
  const { defaultOption } = config.input;
  if (defaultOption !== undefined) {
    if (options.some((option) => option.value === defaultOption)) return defaultOption;
    console.warn(
      `Invalid defaultOption "${defaultOption}" supplied to ${config.labels?.add ?? 'a filter'}.`,
    );
    return undefined;
  }
  return options[0]?.value;
}

/** A report filter that may hold a nested level of sub-filters of its own type. */
export interface NestedFilter<T> {
  /** Nested filters shown one level down. */
  readonly subFilters?: readonly T[] | undefined;
}

/** A filter without its `subFilters`, member by member for a union of filter kinds. */
export type FlatFilter<T> = T extends unknown ? Omit<T, 'subFilters'> : never;

/** Every filter of a nested report filter list, parents before their children, `subFilters` removed. */
export function flattenFilters<T extends NestedFilter<T>>(filters: readonly T[]): FlatFilter<T>[] {
  const flat: FlatFilter<T>[] = [];
  for (const filter of filters) {
    const { subFilters, ...rest } = filter;
    flat.push(rest as FlatFilter<T>);
    if (subFilters) flat.push(...flattenFilters(subFilters));
  }
  return flat;
}

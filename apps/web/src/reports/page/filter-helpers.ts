import type {
  AdvancedFilterConfig,
  FilterInput,
  ReportFilterConfig,
  SearchConfig,
} from '@storelens/components';
import { __, _x, sprintf } from '@storelens/i18n';

/** Rules of filters holding ids. */
export const includesRules = () => [
  { value: 'includes', label: _x('Includes', 'ids filter rule') },
  { value: 'excludes', label: _x('Excludes', 'ids filter rule') },
];

/** Rules of filters holding a single choice. */
export const isRules = () => [
  { value: 'is', label: _x('Is', 'filter rule') },
  { value: 'is_not', label: _x('Is Not', 'filter rule') },
];

/** Rules of filters holding an amount or a count. */
export const numberRules = () => [
  { value: 'max', label: _x('Less Than', 'number filter rule') },
  { value: 'min', label: _x('More Than', 'number filter rule') },
  { value: 'between', label: _x('Between', 'number filter rule') },
];

/** Rules of filters holding a date. */
export const dateRules = () => [
  { value: 'before', label: _x('Before', 'date filter rule') },
  { value: 'after', label: _x('After', 'date filter rule') },
  { value: 'between', label: _x('Between', 'date filter rule') },
];

/**
 * An advanced filter from its name ("Order status") and input: the texts of every label are
 * derived from the name, so each report only states what differs.
 */
export function advancedFilter(
  name: string,
  input: FilterInput,
  options: {
    readonly rules?: AdvancedFilterConfig['rules'];
    readonly placeholder?: string;
    readonly allowMultiple?: boolean;
    /** The row's lead words when not the name ("Customer is"). */
    readonly title?: string;
  } = {},
): AdvancedFilterConfig {
  const lower = name.toLowerCase();
  const lead = options.title ?? name;
  return {
    labels: {
      add: name,
      remove: sprintf(__('Remove %s filter'), lower),
      rule: sprintf(__('Select a %s filter match'), lower),
      title: options.rules
        ? `{{title}}${lead}{{/title}} {{rule /}} {{filter /}}`
        : `{{title}}${lead}{{/title}} {{filter /}}`,
      filter: sprintf(__('Select %s'), lower),
      ...(options.placeholder ? { placeholder: options.placeholder } : {}),
    },
    ...(options.rules ? { rules: options.rules } : {}),
    ...(options.allowMultiple ? { allowMultiple: true } : {}),
    input,
  };
}

/** The Show dropdown of a list of records (orders, downloads): all of them, or the advanced filters. */
export const allOrAdvancedFilter = (allLabel: string): ReportFilterConfig => ({
  label: __('Show'),
  param: 'filter',
  staticParams: ['chartType', 'paged', 'per_page'],
  filters: [
    { value: 'all', label: allLabel },
    { value: 'advanced', label: __('Advanced filters') },
  ],
});

/** A filter of records picked by search, included or excluded by id (products, coupons…). */
export const idsFilter = (name: string, search: SearchConfig, placeholder: string) =>
  advancedFilter(name, { component: 'Search', ...search }, { rules: includesRules(), placeholder });

import type { FilterOption, FilterRule, FilterValue, Query } from '@storelens/navigation';
import type { ComponentType } from 'react';
import type { SearchConfig } from '../search';

/** The report query as parsed from the URL (`page` and `path` are ignored if present). */
export type ReportQuery = Query;

/** Match mode of the advanced filters: every filter (AND) or any filter (OR). */
export type MatchMode = 'all' | 'any';

/** Texts of one advanced filter; every one should already be translated. */
export interface FilterLabels {
  /** Name of the filter in the Add a Filter menu and for screen readers ("Order status"). */
  readonly add: string;
  /** Accessible name of the row's remove button ("Remove order status filter"). */
  readonly remove: string;
  /** Accessible name of the rule select ("Select an order status filter match"). */
  readonly rule: string;
  /**
   * The row sentence: `{{title}}…{{/title}}` wraps the filter name, `{{rule /}}` and
   * `{{filter /}}` place the rule select and the value input, in the translation's order.
   */
  readonly title: string;
  /** Accessible name (or placeholder) of the value input ("Select an order status"). */
  readonly filter: string;
  /** Placeholder of a search-type input. */
  readonly placeholder?: string;
}

/** The store currency as the Currency input shows it. */
export interface FilterCurrency {
  /** Symbol shown beside the amount. */
  readonly symbol: string;
  /** Where the symbol goes. */
  readonly symbolPosition: 'left' | 'right' | 'left_space' | 'right_space';
}

/** A select box of fixed options. */
export interface SelectFilterInput {
  readonly component: 'SelectControl';
  /** Options; the first is preselected unless `defaultOption` names another. */
  readonly options: readonly FilterOption[];
  /** Value preselected when the filter is added (warns when not among `options`). */
  readonly defaultOption?: string;
}

/**
 * Records found with an autocompleter (Search's `type` and its settings: `products`,
 * `coupons`, `customers`, `countries`, `taxes`, or `custom` with an `autocompleter`…); the
 * value is comma-separated ids, whose labels the autocompleter looks up.
 */
export type SearchFilterInput = { readonly component: 'Search' } & SearchConfig;

/** A number, or a pair of numbers for the between rule. */
export interface NumberFilterInput {
  readonly component: 'Number';
}

/** An amount in the store currency, or a pair of amounts for the between rule. */
export interface CurrencyFilterInput {
  readonly component: 'Currency';
}

/** An ISO date (YYYY-MM-DD), or a pair `[after, before]` for the between rule. */
export interface DateFilterInput {
  readonly component: 'Date';
}

/** A product attribute and one of its terms; the value is `[attributeId, termId]`. */
export interface ProductAttributeFilterInput {
  readonly component: 'ProductAttribute';
}

/** The input of an advanced filter: one member per kind, told apart by `component`. */
export type FilterInput =
  | SelectFilterInput
  | SearchFilterInput
  | NumberFilterInput
  | CurrencyFilterInput
  | DateFilterInput
  | ProductAttributeFilterInput;

/** The kinds of advanced filter input. */
export type FilterInputKind = FilterInput['component'];

/** One advanced filter: its labels, rules, whether it may repeat, and its input. */
export interface AdvancedFilterConfig<I extends FilterInput = FilterInput> {
  /** Texts of the filter. */
  readonly labels: FilterLabels;
  /** Rules offered in the rule select; none means the query key is the filter key. */
  readonly rules?: readonly FilterRule[];
  /** Whether several instances may be active at once (they become query arrays). */
  readonly allowMultiple?: boolean;
  /** The value input. */
  readonly input: I;
}

/** The advanced filter panel's config: its title and the filters by key. */
export interface AdvancedFiltersConfig {
  /** The panel title; `{{select /}}` places the All/Any select ("Orders match {{select /}} filters"). */
  readonly title: string;
  /** Filters by key; the key is the first part of the query key `<key>_<rule>`. */
  readonly filters: Readonly<Record<string, AdvancedFilterConfig>>;
}

/** Props every advanced filter input receives; `input` is narrowed to its own kind. */
export interface FilterInputProps<K extends FilterInputKind = FilterInputKind> {
  /** The filter's config (labels, rules). */
  readonly config: AdvancedFilterConfig;
  /** The input config of this kind. */
  readonly input: Extract<FilterInput, { component: K }>;
  /** The row's current rule. */
  readonly rule: string | undefined;
  /** The current (committed) value. */
  readonly value: FilterValue;
  /** Commits a new value. */
  readonly onChange: (value: FilterValue) => void;
  /** The report query, for label look-ups. */
  readonly query: ReportQuery;
  /** The store currency, for Currency inputs. */
  readonly currency: FilterCurrency;
}

/** The component rendering each kind of input; replace entries to customise. */
export type FilterInputComponents = {
  readonly [K in FilterInputKind]: ComponentType<FilterInputProps<K>>;
};

/** A row of the panel: an active filter with a stable id for React and focus. */
export interface FilterRow {
  /** Stable id of the row while the panel is shown. */
  readonly id: string;
  /** The filter key. */
  readonly key: string;
  /** The chosen rule, absent for filters without rules. */
  readonly rule?: string | undefined;
  /** The committed value. */
  readonly value: FilterValue;
}

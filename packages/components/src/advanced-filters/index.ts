export {
  AdvancedFilters,
  type AdvancedFiltersProps,
  DEFAULT_FILTER_CURRENCY,
} from './advanced-filters';
export {
  CurrencyFilter,
  DateFilter,
  defaultFilterInputs,
  NumberFilter,
  ProductAttributeFilter,
  SearchFilter,
  SelectFilter,
} from './inputs';
export type { ReportNavigate } from './report-navigate';
export type {
  AdvancedFilterConfig,
  AdvancedFiltersConfig,
  CurrencyFilterInput,
  DateFilterInput,
  FilterCurrency,
  FilterInput,
  FilterInputComponents,
  FilterInputKind,
  FilterInputProps,
  FilterLabels,
  FilterRow,
  MatchMode,
  NumberFilterInput,
  ProductAttributeFilterInput,
  ReportQuery,
  SearchFilterInput,
  SelectFilterInput,
} from './types';

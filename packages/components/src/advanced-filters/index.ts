export { type AddFilterItem, AddFilterMenu, type AddFilterMenuProps } from './add-filter-menu';
export {
  AdvancedFilters,
  type AdvancedFiltersProps,
  DEFAULT_FILTER_CURRENCY,
} from './advanced-filters';
export { describeFilter } from './describe-filter';
export { FilterRowView, type FilterRowViewProps } from './filter-row';
export {
  CurrencyFilter,
  DateFilter,
  defaultFilterInputs,
  NumberFilter,
  ProductAttributeFilter,
  SearchFilter,
  SelectFilter,
} from './inputs';
export { getMenuFocusIndex } from './menu-focus';
export {
  getRangeTexts,
  getRangeValue,
  getSingleText,
  isCompleteRange,
  isValidIsoDate,
  isValidNumberText,
} from './range';
export { renderTemplate, type TemplateParts } from './render-template';
export { type ReportNavigate, useReportNavigate } from './report-navigate';
export {
  applyQueryUpdate,
  changeRowRule,
  createRow,
  getAvailableFilterKeys,
  getFilterUpdate,
  getInitialValue,
  getMatchFromQuery,
  getRowsFromQuery,
  getValueForRule,
  isFilterEnabled,
  isRangeInput,
} from './rows';
export { parseTemplate, type TemplateSegment } from './template';
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

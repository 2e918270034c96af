export { FilterPicker, type FilterPickerProps } from './filter-picker';
export {
  DEFAULT_FILTER,
  findFilterChain,
  getDefaultValue,
  getInitialNav,
  getPickerQuery,
  getSelectedValue,
  getVisibleFilters,
} from './picker';
export {
  ADVANCED_FILTER_VALUE,
  type CompareCardProps,
  ReportFilters,
  type ReportFiltersComponents,
  type ReportFiltersProps,
} from './report-filters';
export type {
  ChartMode,
  CompareCardSettings,
  PlainReportFilter,
  ReportFilter,
  ReportFilterConfig,
  SearchFilterSettings,
  SearchReportFilter,
} from './types';

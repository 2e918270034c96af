export { FilterPicker, type FilterPickerProps } from './filter-picker';
export { DEFAULT_FILTER } from './picker';
export {
  ADVANCED_FILTER_VALUE,
  CompareCard,
  type CompareCardProps,
  ReportFilters,
  type ReportFiltersComponents,
  type ReportFiltersProps,
} from './report-filters';
export type {
  CompareCardSettings,
  PlainReportFilter,
  ReportFilter,
  ReportFilterConfig,
  SearchFilterSettings,
  SearchReportFilter,
} from './types';

/**
 * @storelens/date — periods, comparisons, intervals, date queries and labels, on dayjs.
 * Names and meanings follow `@woocommerce/date`. Dates returned are dayjs values in UTC mode
 * holding the store's wall-clock time: format them; do not convert them to another zone.
 */
export {
  endOfWeek,
  getStoreTimezone,
  getWeekStartsOn,
  isValidTimezone,
  setStoreTimezone,
  setWeekStartsOn,
  startOfWeek,
  storeNow,
  type WeekDay,
} from './clock';
export {
  dateValidationMessages,
  dayTicksThreshold,
  defaultDateRange,
  defaultDateTimeFormat,
  defaultTableDateFormat,
  isCompare,
  isoDateFormat,
  isPeriod,
  periods,
  presetValues,
  weekTicksThreshold,
} from './constants';
export type { Dayjs } from './dayjs';
export { getDateDifferenceInDays, getPreviousDate } from './difference';
export { getDateFormatsForInterval, type IntervalDateFormats } from './formats';
export {
  getAllowedIntervalsForQuery,
  getAllowedIntervalsForSpan,
  getChartTypeForQuery,
  getIntervalForQuery,
  intervals,
} from './intervals';
export { containsLeapYear, isLeapYear } from './leap';
export {
  endOfUnit,
  getCurrentPeriod,
  getCustomPeriod,
  getDateValue,
  getLastPeriod,
  startOfUnit,
} from './periods';
export {
  getCurrentDates,
  getDateParamsFromQuery,
  getReportDateParams,
  type ReportDateParams,
} from './query';
export { getRangeLabel } from './range-label';
export { appendTimestamp, type TimeOfDay } from './timestamp';
export { toDayjs, toStoreDate } from './to-store-date';
export type {
  ChartType,
  Compare,
  CurrentDates,
  DateInput,
  DateParams,
  DateQuery,
  DateRangeOption,
  DateValue,
  Interval,
  LabelledOption,
  Period,
  PeriodUnit,
} from './types';
export { type DateInputValidation, validateDateInputForRange } from './validation';

export { DateRangeFilterPicker, type DateRangeFilterPickerProps } from './date-range-filter-picker';
export {
  canUpdate,
  customRange,
  type DateRangeUpdate,
  initialPickerState,
  type PickerAction,
  type PickerState,
  type PickerTab,
  pickerReducer,
  rangeBounds,
  toUpdate,
} from './picker-state';
export {
  addDays,
  applyDayClick,
  type DayClickResult,
  type DayRange,
  type FocusedInput,
} from './range-click';
export { getToggleLabels } from './toggle-labels';
export { numberOfMonthsFor, SMALL_MOBILE_QUERY, useSmallMobile } from './use-small-mobile';

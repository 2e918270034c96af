export {
  Calendar,
  type CalendarBaseProps,
  type CalendarProps,
  type CalendarRange,
  type CalendarRangeProps,
  type CalendarSingleProps,
} from './calendar';
export {
  addMonths,
  calendarDateToIso,
  firstShownMonth,
  isoToCalendarDate,
  storeToday,
} from './calendar-dates';
export { calendarLabels, labelDay, screenReaderDateFormat } from './labels';

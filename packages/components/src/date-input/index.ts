export { DateInput, type DateInputProps } from './date-input';
export {
  type DateBound,
  type DateTextResult,
  parseDateText,
  shownDateFormat,
  textToIso,
  toDateText,
  toScreenReaderDate,
} from './date-text';
export { DateTextField, type DateTextFieldProps } from './date-text-field';

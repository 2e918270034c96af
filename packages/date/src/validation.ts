import { storeNow } from './clock';
import { dateValidationMessages } from './constants';
import type { Dayjs } from './dayjs';
import { toDayjs, toStoreDate } from './to-store-date';
import type { DateInput } from './types';

/** Result of validating typed date text: the day when valid, else the error message. */
export type DateInputValidation =
  | { date: Dayjs; error?: undefined }
  | { date: null; error: string };

/**
 * Validates typed text for one end of a range: it must parse (ISO or `format`), must not be
 * after the store's today, and a start (`after`) must not be after `before`, an end
 * (`before`) not before `after`. Messages come from `dateValidationMessages`.
 */
export function validateDateInputForRange(
  type: 'after' | 'before',
  value: string,
  before: DateInput | null | undefined,
  after: DateInput | null | undefined,
  format: string,
): DateInputValidation {
  const date = toDayjs(format, value);
  if (!date) return { date: null, error: dateValidationMessages.invalid };
  if (date.isAfter(storeNow(), 'day')) return { date: null, error: dateValidationMessages.future };
  if (type === 'after' && before != null && date.isAfter(toStoreDate(before), 'day')) {
    return { date: null, error: dateValidationMessages.startAfterEnd };
  }
  if (type === 'before' && after != null && date.isBefore(toStoreDate(after), 'day')) {
    return { date: null, error: dateValidationMessages.endBeforeStart };
  }
  return { date };
}

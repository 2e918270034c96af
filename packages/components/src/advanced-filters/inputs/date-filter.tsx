import { isoDateFormat, storeNow } from '@storelens/date';
import { isValidIsoDate } from '../range';
import type { FilterInputProps } from '../types';
import { RangeFields } from './range-fields';

/** Whether text is a valid ISO date that is not after `today` (future dates cannot be chosen). */
export function isPastOrTodayIsoDate(text: string, today: string): boolean {
  return isValidIsoDate(text) && text <= today;
}

/** The Date input: an ISO date, or a pair `[after, before]` for between; today is the store's. */
export function DateFilter({ config, rule, value, onChange }: FilterInputProps<'Date'>) {
  const today = storeNow().format(isoDateFormat);
  return (
    <RangeFields
      name={config.labels.add}
      label={config.labels.filter}
      rule={rule}
      value={value}
      onChange={onChange}
      isValid={(text) => isPastOrTodayIsoDate(text, today)}
      renderField={({ label, text, onText }) => (
        <input
          type="date"
          max={today}
          className="sl-advanced-filters__control sl-advanced-filters__date"
          aria-label={label}
          value={text}
          onChange={(event) => onText(event.target.value)}
        />
      )}
    />
  );
}

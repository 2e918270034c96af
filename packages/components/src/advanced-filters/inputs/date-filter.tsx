import { type DateBound, DateInput, parseDateText, textToIso, toDateText } from '../../date-input';
import type { RangeParse, RangePosition } from '../range';
import type { FilterInputProps } from '../types';
import { RangeFields } from './range-fields';

/** The range rule a date field must respect: a start before the end, an end after the start. */
export function dateBound(position: RangePosition, other: string): DateBound | undefined {
  if (position === 'start') return { type: 'start', end: textToIso(other) };
  if (position === 'end') return { type: 'end', start: textToIso(other) };
  return undefined;
}

/**
 * Reads a typed date (ISO or MM/DD/YYYY) into its ISO day; null for an invalid date, a future
 * date, or a start after the end.
 */
export const parseDateField: RangeParse = (text, position, other) =>
  parseDateText(text, dateBound(position, other)).date;

/** The Date input: an ISO date, or a pair `[after, before]` for between, typed or picked. */
export function DateFilter(props: FilterInputProps<'Date'>) {
  return (
    <RangeFields
      {...props}
      parse={parseDateField}
      toText={toDateText}
      renderField={({ label, text, onText, position, other }) => (
        <DateInput
          className="sl-advanced-filters__date"
          label={label}
          hideLabel
          value={text}
          onChange={(next) => onText(next)}
          bound={dateBound(position, other)}
        />
      )}
    />
  );
}

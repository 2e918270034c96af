import { parseNumberText } from '../range';
import type { FilterCurrency, FilterInputProps } from '../types';
import { type RangeFieldProps, RangeFields } from './range-fields';

/** A numeric text field, with the currency symbol beside it when given. */
function NumberField({
  label,
  text,
  onText,
  currency,
}: Pick<RangeFieldProps, 'label' | 'text' | 'onText'> & { currency?: FilterCurrency }) {
  const field = (
    <input
      type="number"
      step="any"
      inputMode="decimal"
      className="sl-control sl-advanced-filters__control sl-advanced-filters__number"
      aria-label={label}
      value={text}
      onChange={(event) => onText(event.target.value)}
    />
  );
  if (!currency) return field;
  const left = currency.symbolPosition === 'left' || currency.symbolPosition === 'left_space';
  const symbol = (
    <span className="sl-advanced-filters__currency" aria-hidden="true">
      {currency.symbol}
    </span>
  );
  return (
    <span className="sl-advanced-filters__money">
      {left && symbol}
      {field}
      {!left && symbol}
    </span>
  );
}

/** The Number input: a number, or a pair for between. */
export function NumberFilter(props: FilterInputProps<'Number'>) {
  return (
    <RangeFields
      {...props}
      parse={parseNumberText}
      renderField={(field) => <NumberField {...field} />}
    />
  );
}

/** The Currency input: an amount in the store currency, or a pair for between. */
export function CurrencyFilter(props: FilterInputProps<'Currency'>) {
  return (
    <RangeFields
      {...props}
      parse={parseNumberText}
      renderField={(field) => <NumberField {...field} currency={props.currency} />}
    />
  );
}

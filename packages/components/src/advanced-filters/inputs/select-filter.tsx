import { getSingleText } from '../range';
import type { FilterInputProps } from '../types';

/** The SelectControl input: a select of the filter's fixed options. */
export function SelectFilter({
  config,
  input,
  value,
  onChange,
}: FilterInputProps<'SelectControl'>) {
  const current = getSingleText(value);
  return (
    <select
      className="sl-control sl-advanced-filters__control"
      aria-label={config.labels.filter}
      value={current}
      onChange={(event) => onChange(event.target.value)}
    >
      {current === '' && (
        <option value="" disabled>
          {config.labels.filter}
        </option>
      )}
      {input.options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

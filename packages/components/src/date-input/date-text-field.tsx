import { __, sprintf } from '@storelens/i18n';
import { type InputHTMLAttributes, type Ref, useId } from 'react';
import {
  type DateBound,
  type DateTextResult,
  parseDateText,
  shownDateFormat,
  toScreenReaderDate,
} from './date-text';
import './date-input.css';
import { VISUALLY_HIDDEN } from '../primitives/visually-hidden';

/** Props of DateTextField: a labelled text field for one day, with its error under it. */
export interface DateTextFieldProps
  extends Omit<
    InputHTMLAttributes<HTMLInputElement>,
    'value' | 'defaultValue' | 'onChange' | 'type'
  > {
  /** Visible label, e.g. "Start Date". */
  label: string;
  /** Keeps the label for screen readers only (when text around the field names it). */
  hideLabel?: boolean | undefined;
  /** The typed text. */
  value: string;
  /** Called with the new text and what it means (ISO day or error). */
  onChange: (text: string, result: DateTextResult) => void;
  /** The other end of a range this day must respect. */
  bound?: DateBound | undefined;
  /** Ref to the input element. */
  ref?: Ref<HTMLInputElement> | undefined;
  /** Marks the field as the one the range calendar fills next. */
  active?: boolean | undefined;
}

/**
 * The text part of a date input: typing parses ISO or MM/DD/YYYY; the format and the chosen
 * day (MMM D, YYYY) are read to screen readers; an error shows under the field, empty text
 * gives none.
 */
export function DateTextField({
  label,
  hideLabel = false,
  value,
  onChange,
  bound,
  ref,
  active,
  className,
  id,
  ...inputProps
}: DateTextFieldProps) {
  const ownId = useId();
  const inputId = id ?? `${ownId}-input`;
  const hintId = `${ownId}-hint`;
  const errorId = `${ownId}-error`;
  const { date, error } = parseDateText(value, bound);
  const hint = date
    ? sprintf(
        __('Selected date: %1$s. Date format: %2$s'),
        toScreenReaderDate(date),
        shownDateFormat(),
      )
    : sprintf(__('Date format: %s'), shownDateFormat());
  return (
    <div
      className={['sl-date-field', active ? 'is-active' : '', error ? 'has-error' : '', className]
        .filter(Boolean)
        .join(' ')}
    >
      <label className={hideLabel ? VISUALLY_HIDDEN : 'sl-date-field__label'} htmlFor={inputId}>
        {label}
      </label>
      <input
        {...inputProps}
        ref={ref}
        id={inputId}
        className="sl-date-field__input"
        type="text"
        autoComplete="off"
        placeholder={shownDateFormat()}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        onChange={(event) => onChange(event.target.value, parseDateText(event.target.value, bound))}
      />
      <span id={hintId} className={VISUALLY_HIDDEN}>
        {hint}
      </span>
      <p id={errorId} className="sl-date-field__error" aria-live="polite">
        {error}
      </p>
    </div>
  );
}

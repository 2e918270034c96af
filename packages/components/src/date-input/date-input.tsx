import { __ } from '@storelens/i18n';
import { type FocusEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { Calendar } from '../calendar/calendar';
import { useControllableState } from '../primitives/use-controllable-state';
import { usePopover } from '../primitives/use-popover';
import {
  type DateBound,
  type DateTextResult,
  parseDateText,
  textToIso,
  toDateText,
} from './date-text';
import { DateTextField } from './date-text-field';
import './date-input.css';

/** Props of DateInput: a date text field with a calendar popover. */
export interface DateInputProps {
  /** Visible label. */
  label: string;
  /** Keeps the label for screen readers only (when text around the field names it). */
  hideLabel?: boolean | undefined;
  /** The typed text (controlled); MM/DD/YYYY or ISO. Use `toDateText(iso)` to start from a day. */
  value?: string | undefined;
  /** Initial text (uncontrolled). */
  defaultValue?: string | undefined;
  /** Called with the new text and what it means (ISO day or error). */
  onChange?: ((text: string, result: DateTextResult) => void) | undefined;
  /** The other end of a range this day must respect. */
  bound?: DateBound | undefined;
  /** Extra class on the root. */
  className?: string | undefined;
}

/**
 * A date input: type a day (ISO or MM/DD/YYYY) or pick it in the calendar. Focus opens the
 * calendar, Tab and Escape close it, ↓ moves into it, picking a day fills the field and closes.
 * Future days cannot be picked; errors show under the field.
 */
export function DateInput({
  label,
  hideLabel,
  value,
  defaultValue = '',
  onChange,
  bound,
  className,
}: DateInputProps) {
  const [text, setText] = useControllableState<string>({ value, defaultValue });
  const [open, setOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const popoverId = useId();
  const { refs, floatingStyles, getReferenceProps, getFloatingProps } = usePopover({
    open,
    onOpenChange: setOpen,
    // The field, not the wrapper the popover is placed against; quietly, so it stays closed.
    focusBack: () => focusInputQuietly(),
  });

  const change = (next: string, result: DateTextResult) => {
    setText(next);
    onChange?.(next, result);
  };

  // Focus returning from the calendar must not reopen it.
  const quiet = useRef(false);
  const focusInputQuietly = () => {
    quiet.current = true;
    inputRef.current?.focus();
    quiet.current = false;
  };

  const onFocus = (event: FocusEvent<HTMLInputElement>) => {
    const from = event.relatedTarget;
    const fromPopover = from instanceof Node && refs.floating.current?.contains(from);
    if (!quiet.current && !fromPopover) setOpen(true);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Tab') setOpen(false);
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) setOpen(true);
      requestAnimationFrame(() => {
        refs.floating.current
          ?.querySelector<HTMLButtonElement>('.rdp-day_button[tabindex="0"]')
          ?.focus();
      });
    }
  };

  const pick = (day: string) => {
    const next = toDateText(day);
    change(next, parseDateText(next, bound));
    focusInputQuietly();
    setOpen(false);
  };

  return (
    <div className={['sl-date-input', className].filter(Boolean).join(' ')}>
      <div ref={refs.setReference}>
        <DateTextField
          label={label}
          hideLabel={hideLabel}
          value={text}
          onChange={change}
          bound={bound}
          ref={inputRef}
          role="combobox"
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? popoverId : undefined}
          {...getReferenceProps({ onFocus, onKeyDown })}
        />
      </div>
      {open && (
        <div
          ref={refs.setFloating}
          id={popoverId}
          className="sl-date-input__popover"
          role="dialog"
          aria-label={__('Choose a date')}
          style={floatingStyles}
          {...getFloatingProps()}
        >
          <Calendar mode="single" selected={textToIso(text)} onSelect={pick} />
        </div>
      )}
    </div>
  );
}

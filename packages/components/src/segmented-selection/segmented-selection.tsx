import { type ChangeEvent, useId } from 'react';
import { useControllableState } from '../primitives/use-controllable-state';
import { type SegmentedOptionInput, validOptions } from './valid-options';
import './segmented-selection.css';

/** Props of SegmentedSelection: a radio group drawn as segmented buttons. */
export interface SegmentedSelectionProps {
  /** Options; those lacking a value or a label are skipped. */
  options: ReadonlyArray<SegmentedOptionInput>;
  /** Form name shared by the radios. */
  name: string;
  /** Visible group label (the radio group's accessible name). */
  legend: string;
  /** Selected value (controlled). */
  value?: string | undefined;
  /** Initially selected value (uncontrolled). */
  defaultValue?: string | undefined;
  /** Called with the chosen value. */
  onChange?: ((value: string) => void) | undefined;
  /** Extra class on the root. */
  className?: string | undefined;
}

/** A group of mutually exclusive options shown as a grid of buttons (radio-group semantics). */
export function SegmentedSelection({
  options,
  name,
  legend,
  value,
  defaultValue,
  onChange,
  className,
}: SegmentedSelectionProps) {
  const [selected, setSelected] = useControllableState<string | undefined>({
    value,
    defaultValue,
    onChange: (next) => {
      if (next !== undefined) onChange?.(next);
    },
  });
  const baseId = useId();
  const shown = validOptions(options);
  const handle = (event: ChangeEvent<HTMLInputElement>) => setSelected(event.target.value);
  return (
    <div
      className={['sl-segmented-selection', className].filter(Boolean).join(' ')}
      role="radiogroup"
      aria-labelledby={`${baseId}-legend`}
    >
      <div id={`${baseId}-legend`} className="sl-segmented-selection__legend">
        {legend}
      </div>
      <div className="sl-segmented-selection__items">
        {shown.map((option, index) => {
          const id = `${baseId}-${index}`;
          return (
            <label key={option.value} htmlFor={id} className="sl-segmented-selection__item">
              <input
                id={id}
                className="sl-segmented-selection__input"
                type="radio"
                name={name}
                value={option.value}
                checked={selected === option.value}
                onChange={handle}
              />
              <span className="sl-segmented-selection__label">{option.label}</span>
            </label>
          );
        })}
      </div>
    </div>
  );
}

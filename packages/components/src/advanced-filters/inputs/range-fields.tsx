import { __, sprintf } from '@storelens/i18n';
import { BETWEEN_RULE, type FilterValue } from '@storelens/navigation';
import { type ReactNode, useState } from 'react';
import { getRangeTexts, getRangeValue, getSingleText } from '../range';

/** Props of one text field of a range input. */
export interface RangeFieldProps {
  /** Accessible name. */
  readonly label: string;
  /** Current text. */
  readonly text: string;
  /** Called with the new text on every edit. */
  readonly onText: (text: string) => void;
}

/** Props of the shared one-value / between input. */
export interface RangeFieldsProps {
  /** The filter's name, for the range ends' accessible names. */
  readonly name: string;
  /** Accessible name of the single field. */
  readonly label: string;
  /** The row's rule; `between` shows two fields. */
  readonly rule: string | undefined;
  /** The committed value. */
  readonly value: FilterValue;
  /** Commits a value. */
  readonly onChange: (value: FilterValue) => void;
  /** Whether a text is a valid end. */
  readonly isValid: (text: string) => boolean;
  /** Renders one field. */
  readonly renderField: (props: RangeFieldProps) => ReactNode;
}

/**
 * One field for one-value rules, two joined by "and" for between. The texts are kept as typed;
 * an invalid or empty text is committed as empty, so a range only applies once both ends are valid.
 * Rows re-mount this when the rule changes, so the texts start from the (collapsed) value.
 */
export function RangeFields({
  name,
  label,
  rule,
  value,
  onChange,
  isValid,
  renderField,
}: RangeFieldsProps) {
  const [texts, setTexts] = useState<[string, string]>(() =>
    rule === BETWEEN_RULE ? getRangeTexts(value) : [getSingleText(value), ''],
  );

  if (rule !== BETWEEN_RULE) {
    return renderField({
      label,
      text: texts[0],
      onText: (text) => {
        setTexts([text, '']);
        onChange(isValid(text) ? text : '');
      },
    });
  }

  const setEnd = (index: 0 | 1) => (text: string) => {
    const next: [string, string] = index === 0 ? [text, texts[1]] : [texts[0], text];
    setTexts(next);
    onChange(getRangeValue(next, isValid));
  };

  return (
    <span className="sl-advanced-filters__range">
      {renderField({
        label: sprintf(__('%s range start'), name),
        text: texts[0],
        onText: setEnd(0),
      })}
      <span className="sl-advanced-filters__range-and">{__('and')}</span>
      {renderField({ label: sprintf(__('%s range end'), name), text: texts[1], onText: setEnd(1) })}
    </span>
  );
}

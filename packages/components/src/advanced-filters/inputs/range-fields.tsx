import { __, sprintf } from '@storelens/i18n';
import { BETWEEN_RULE, type FilterValue } from '@storelens/navigation';
import { type ReactNode, useState } from 'react';
import {
  getRangeTexts,
  getRangeValue,
  getSingleText,
  type RangeParse,
  type RangePosition,
} from '../range';
import type { FilterInputProps } from '../types';

/** Props of one text field of a range input. */
export interface RangeFieldProps {
  /** Accessible name. */
  readonly label: string;
  /** Current text. */
  readonly text: string;
  /** Called with the new text on every edit. */
  readonly onText: (text: string) => void;
  /** Which field this is. */
  readonly position: RangePosition;
  /** The other end's text (empty for a single field). */
  readonly other: string;
}

/**
 * Props of the shared one-value / between input: the row's filter input props (the config's
 * `labels.filter` names the single field, `labels.add` the range ends; `between` shows two
 * fields) and how the fields read, show and render.
 */
export interface RangeFieldsProps extends Pick<FilterInputProps, 'config' | 'rule' | 'onChange'> {
  /** The committed value. */
  readonly value: FilterValue;
  /** Reads a field's text into the committed value, null when invalid. */
  readonly parse: RangeParse;
  /** The text a committed value is shown as. */
  readonly toText?: (value: string) => string;
  /** Renders one field. */
  readonly renderField: (props: RangeFieldProps) => ReactNode;
}

/**
 * One field for one-value rules, two joined by "and" for between. The texts are kept as typed;
 * an invalid or empty text is committed as empty, so a range only applies once both ends are
 * valid. Rows re-mount this when the rule changes, so the texts start from the (collapsed) value.
 */
export function RangeFields({
  config,
  rule,
  value,
  onChange,
  parse,
  toText = (text) => text,
  renderField,
}: RangeFieldsProps) {
  const name = config.labels.add;
  const label = config.labels.filter;
  const [texts, setTexts] = useState<[string, string]>(() => {
    const [start, end] = rule === BETWEEN_RULE ? getRangeTexts(value) : [getSingleText(value), ''];
    return [start ? toText(start) : '', end ? toText(end) : ''];
  });

  if (rule !== BETWEEN_RULE) {
    return renderField({
      label,
      text: texts[0],
      position: 'single',
      other: '',
      onText: (text) => {
        setTexts([text, '']);
        onChange(parse(text, 'single', '') ?? '');
      },
    });
  }

  const setEnd = (index: 0 | 1) => (text: string) => {
    const next: [string, string] = index === 0 ? [text, texts[1]] : [texts[0], text];
    setTexts(next);
    onChange(getRangeValue(next, parse));
  };

  return (
    <span className="sl-advanced-filters__range">
      {renderField({
        label: sprintf(__('%s range start'), name),
        text: texts[0],
        position: 'start',
        other: texts[1],
        onText: setEnd(0),
      })}
      <span className="sl-advanced-filters__range-and">{__('and')}</span>
      {renderField({
        label: sprintf(__('%s range end'), name),
        text: texts[1],
        position: 'end',
        other: texts[0],
        onText: setEnd(1),
      })}
    </span>
  );
}

import type { FilterValue } from '@storelens/navigation';
import type { ComponentType } from 'react';
import { toScreenReaderDate } from '../date-input';
import { VISUALLY_HIDDEN } from '../primitives/visually-hidden';
import { describeFilter } from './describe-filter';
import { renderTemplate } from './render-template';
import type {
  AdvancedFilterConfig,
  FilterCurrency,
  FilterInputComponents,
  FilterInputProps,
  FilterRow,
  ReportQuery,
} from './types';

/** Props of one filter row. */
export interface FilterRowViewProps {
  /** The row. */
  readonly row: FilterRow;
  /** The row's filter config. */
  readonly filter: AdvancedFilterConfig;
  /** Input components by kind. */
  readonly components: FilterInputComponents;
  /** The report query. */
  readonly query: ReportQuery;
  /** The store currency. */
  readonly currency: FilterCurrency;
  /** Chooses a rule. */
  readonly onRuleChange: (rule: string) => void;
  /** Commits a value. */
  readonly onValueChange: (value: FilterValue) => void;
  /** Removes the row. */
  readonly onRemove: () => void;
}

/** Formats a committed value for the screen-reader description. */
function formatForReader(filter: AdvancedFilterConfig, currency: FilterCurrency) {
  return (text: string) => {
    if (filter.input.component === 'Date') return toScreenReaderDate(text);
    if (filter.input.component !== 'Currency') return text;
    const left = currency.symbolPosition.startsWith('left');
    const space = currency.symbolPosition.endsWith('_space') ? ' ' : '';
    return left ? `${currency.symbol}${space}${text}` : `${text}${space}${currency.symbol}`;
  };
}

/** The input component of a filter's kind, with props typed for that kind. */
function renderInput(components: FilterInputComponents, props: FilterInputProps) {
  // The map is indexed by the same `component` that narrows `props.input`, so the pair agrees.
  const Input = components[props.input.component] as ComponentType<FilterInputProps>;
  return <Input {...props} />;
}

/** One active filter: the sentence with rule select and value input, and a remove button. */
export function FilterRowView({
  row,
  filter,
  components,
  query,
  currency,
  onRuleChange,
  onValueChange,
  onRemove,
}: FilterRowViewProps) {
  const { labels, rules } = filter;
  const ruleSelect =
    rules && rules.length > 0 ? (
      <select
        className="sl-control sl-advanced-filters__control sl-advanced-filters__rule"
        aria-label={labels.rule}
        value={row.rule ?? ''}
        onChange={(event) => onRuleChange(event.target.value)}
      >
        {rules.map((rule) => (
          <option key={rule.value} value={rule.value}>
            {rule.label}
          </option>
        ))}
      </select>
    ) : null;
  const input = (
    <span key={`${row.id}-${row.rule ?? ''}`} className="sl-advanced-filters__input">
      {renderInput(components, {
        config: filter,
        input: filter.input,
        rule: row.rule,
        value: row.value,
        onChange: onValueChange,
        query,
        currency,
      })}
    </span>
  );
  const description = describeFilter(
    filter,
    row.rule,
    row.value,
    formatForReader(filter, currency),
  );
  return (
    <li className="sl-advanced-filters__row" data-row-id={row.id}>
      <fieldset className="sl-advanced-filters__fieldset">
        <legend className={VISUALLY_HIDDEN}>{labels.add}</legend>
        <div className="sl-advanced-filters__sentence">
          {renderTemplate(labels.title, {
            slots: { rule: ruleSelect, filter: input },
            wraps: {
              title: (text) => <span className="sl-advanced-filters__name">{text}</span>,
            },
          })}
        </div>
        {description && <span className={VISUALLY_HIDDEN}>{description}</span>}
        <button
          type="button"
          className="sl-advanced-filters__remove"
          aria-label={labels.remove}
          onClick={onRemove}
        >
          <span aria-hidden="true">×</span>
        </button>
      </fieldset>
    </li>
  );
}

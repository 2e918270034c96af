import { __, _x, sprintf } from '@storelens/i18n';
import type { FilterValue } from '@storelens/navigation';
import type { AdvancedFilterConfig } from './types';

/**
 * What a screen reader hears for a row, e.g. "Orders count Less Than 10" or "Total spend
 * Between 5 and 10". Empty when the value is empty, or a between rule lacks an end. Search
 * and attribute rows show their choices as tags and selects, so they get no extra text.
 */
export function describeFilter(
  filter: AdvancedFilterConfig,
  rule: string | undefined,
  value: FilterValue,
  formatValue: (text: string) => string = (text) => text,
): string {
  const input = filter.input;
  if (input.component === 'Search' || input.component === 'ProductAttribute') return '';
  const ruleLabel = filter.rules?.find((item) => item.value === rule)?.label ?? '';
  let valueText: string;
  if (rule === 'between') {
    if (typeof value === 'string' || value.length !== 2) return '';
    const [start, end] = value;
    if (!start || !end) return '';
    valueText = sprintf(__('%1$s and %2$s'), formatValue(start), formatValue(end));
  } else {
    const single = typeof value === 'string' ? value : (value[0] ?? '');
    if (!single) return '';
    valueText =
      input.component === 'SelectControl'
        ? (input.options.find((option) => option.value === single)?.label ?? single)
        : formatValue(single);
  }
  return sprintf(
    _x('%1$s %2$s %3$s', 'filter name, rule, value'),
    filter.labels.add,
    ruleLabel,
    valueText,
  )
    .replace(/\s+/g, ' ')
    .trim();
}

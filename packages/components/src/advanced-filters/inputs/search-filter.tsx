import { useState } from 'react';
import { resolveAutocompleter, Search, useSearchLabels } from '../../search';
import type { SearchOption } from '../../search-select';
import { getSingleText } from '../range';
import type { FilterInputProps } from '../types';

/** The ids of a comma-separated value. */
export function splitIds(value: string): string[] {
  return value
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
}

/**
 * Options for the chosen ids: a label picked in this session first, then one fetched for the
 * ids the row started with, else the id itself.
 */
export function chosenOptions(
  ids: readonly string[],
  picked: readonly SearchOption[],
  fetched: readonly SearchOption[],
): SearchOption[] {
  return ids.map(
    (id) =>
      picked.find((option) => option.key === id) ??
      fetched.find((option) => option.key === id) ?? { key: id, label: id },
  );
}

/** The Search input: records chosen with the type's autocompleter, shown as tags; value is ids. */
export function SearchFilter({ config, input, value, onChange }: FilterInputProps<'Search'>) {
  const { component: _component, ...search } = input;
  // The row's input config does not change while it is shown (rows re-mount on rule change).
  const [autocompleter] = useState(() => resolveAutocompleter(search));
  const ids = splitIds(getSingleText(value));
  const [initialIds] = useState(ids);
  const { options: fetched } = useSearchLabels(autocompleter, initialIds);
  const [picked, setPicked] = useState<readonly SearchOption[]>([]);
  return (
    <Search
      {...search}
      multiple
      label={config.labels.filter}
      hideLabel
      placeholder={config.labels.placeholder ?? config.labels.filter}
      value={chosenOptions(ids, picked, fetched)}
      onChange={(next) => {
        setPicked(next);
        onChange(next.map((option) => option.key).join(','));
      }}
    />
  );
}

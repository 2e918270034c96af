import {
  type Autocompleter,
  resolveAutocompleter,
  Search,
  type SearchOption,
} from '@storelens/components';
import { __, sprintf } from '@storelens/i18n';
import type { QueryInput } from '@storelens/navigation';
import { useMemo } from 'react';
import { searchParam } from './search-ids';
import type { TableSearch } from './types';

/**
 * The autocompleter of a table search: the records' own suggestions, with the typed text first
 * as a free-text choice ("All products with names that include …"), since a search matches
 * every record the words find, not only the one picked.
 */
export function freeTextAutocompleter(base: Autocompleter): Autocompleter {
  return {
    name: base.name,
    async search(text, context) {
      const found = await base.search(text, context);
      const typed = text.trim();
      if (typed === '') return found;
      const free: SearchOption = {
        key: `text:${typed}`,
        label: typed,
        keywords: [sprintf(__('All matches of “%s”'), typed)],
      };
      return [free, ...found.filter((option) => option.label !== typed)];
    },
    // Chosen words are shown as they are: the URL holds the words, not ids.
    async getLabels(ids) {
      return ids.map((id) => ({ key: `text:${id}`, label: id }));
    },
  };
}

/** Props of the table's search box. */
interface TableSearchBoxProps {
  readonly search: TableSearch;
  readonly words: readonly string[];
  readonly disabled: boolean;
  /** The dropdown params a search clears (`filter`…). */
  readonly filterParams: readonly string[];
  readonly onSearch: (update: QueryInput) => void;
}

/**
 * The search box of a table: chosen words are written as `search`, the report
 * filters and compare ids are cleared, and the report's base search params applied.
 */
export function TableSearchBox({
  search,
  words,
  disabled,
  filterParams,
  onSearch,
}: TableSearchBoxProps) {
  const autocompleter = useMemo(
    () => freeTextAutocompleter(resolveAutocompleter(search.autocompleter)),
    [search.autocompleter],
  );
  const value = words.map((word) => ({ key: `text:${word}`, label: word }));
  return (
    <div className="sl-report__search">
      <Search
        type="custom"
        autocompleter={autocompleter}
        multiple
        label={search.placeholder}
        hideLabel
        placeholder={search.placeholder}
        value={value}
        disabled={disabled}
        onChange={(chosen) => {
          const next = searchParam(chosen.map((option) => option.label));
          const cleared = Object.fromEntries(filterParams.map((p) => [p, undefined]));
          onSearch({
            ...cleared,
            [search.idParam]: undefined,
            ...(next ? search.baseQuery : {}),
            search: next,
            paged: undefined,
          });
        }}
      />
    </div>
  );
}

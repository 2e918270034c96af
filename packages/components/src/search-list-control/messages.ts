import { __, _n, sprintf } from '@storelens/i18n';

/** The texts of SearchListControl; each can be replaced. */
export interface SearchListMessages {
  /** Shown when there are no items at all. */
  noItems: string;
  /** Shown when the search matches nothing. */
  noResults: (search: string) => string;
  /** Announced after the results change for a search. */
  updated: string;
  /** Heading of the chosen items. */
  selected: (count: number) => string;
  /** The clear-all button. */
  clear: string;
  /** Accessible name of a tag's remove button. */
  remove: (name: string) => string;
}

/** The default texts, translated when called. */
export function defaultMessages(): SearchListMessages {
  return {
    noItems: __('No items found'),
    noResults: (search) => sprintf(__('No results for %s'), search),
    updated: __('Search results updated'),
    selected: (count) => sprintf(_n('%d item selected', '%d items selected', count), count),
    clear: __('Clear all'),
    remove: (name) => sprintf(__('Remove %s'), name),
  };
}

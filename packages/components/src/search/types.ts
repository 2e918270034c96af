import type { ReactNode } from 'react';
import type { SearchOption } from '../search-select/types';
import type { ApiFetch } from './api-fetch';

/** What an autocompleter gets to do its work: the REST fetcher and the request's abort signal. */
export interface AutocompleterContext {
  /** Reads a REST path. */
  apiFetch: ApiFetch;
  /** Aborted when the search is superseded or the widget goes away. */
  signal?: AbortSignal;
}

/**
 * A source of search options: how to search, how to label preselected ids, and optionally how
 * to draw an option. `R` is the record type carried in each option's `value`.
 */
export interface Autocompleter<R = unknown> {
  /** Short name, used in class names (e.g. `products`). */
  name: string;
  /** Options matching the typed text. */
  search(query: string, context: AutocompleterContext): Promise<SearchOption<R>[]>;
  /** Options (with labels) for already chosen ids, fetched with `include` where possible. */
  getLabels(ids: readonly string[], context: AutocompleterContext): Promise<SearchOption<R>[]>;
  /** Draws one option in the result list (default: the label with the match emphasised). */
  renderOption?(option: SearchOption<R>, query: string): ReactNode;
}

/** Debounce of the search input, in milliseconds. */
export const SEARCH_DEBOUNCE_MS = 500;
/** Suggestions per search for most types. */
export const SEARCH_SUGGESTIONS = 10;
/** Suggestions per variation search. */
export const VARIATION_SUGGESTIONS = 30;
/** Attribute terms read per page. */
export const ATTRIBUTE_TERMS_PER_PAGE = 100;
/** Product thumbnail size in pixels. */
export const PRODUCT_THUMBNAIL_SIZE = 33;
/** Product thumbnail size in the result list, in pixels. */
export const PRODUCT_RESULT_THUMBNAIL_SIZE = 18;

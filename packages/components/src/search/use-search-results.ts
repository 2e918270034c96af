import { useEffect, useState } from 'react';
import type { SearchOption } from '../search-select/types';
import { useApiFetch } from './api-fetch';
import { type Autocompleter, SEARCH_DEBOUNCE_MS } from './types';

/** What useSearchResults reports. */
export interface SearchResults<R = unknown> {
  /** Options of the latest finished search (kept while the next one runs). */
  options: SearchOption<R>[];
  /** True while the typed text has not been searched yet. */
  loading: boolean;
  /** The error of the latest search, if it failed. */
  error: unknown;
}

interface Finished<R> {
  query: string;
  options: SearchOption<R>[];
  error: unknown;
}

/**
 * Runs the autocompleter's search for the typed text, 500 ms after the last keystroke; a newer
 * text aborts the older request. Blank text searches nothing.
 */
export function useSearchResults<R>(
  autocompleter: Autocompleter<R>,
  query: string,
): SearchResults<R> {
  const apiFetch = useApiFetch();
  const text = query.trim();
  const [finished, setFinished] = useState<Finished<R>>({
    query: '',
    options: [],
    error: undefined,
  });

  useEffect(() => {
    if (text === '') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      autocompleter.search(text, { apiFetch, signal: controller.signal }).then(
        (options) => {
          if (!controller.signal.aborted) setFinished({ query: text, options, error: undefined });
        },
        (error: unknown) => {
          if (!controller.signal.aborted) setFinished({ query: text, options: [], error });
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [autocompleter, apiFetch, text]);

  if (text === '') return { options: [], loading: false, error: undefined };
  return { options: finished.options, loading: finished.query !== text, error: finished.error };
}

import { useEffect, useState } from 'react';
import type { SearchOption } from '../search-select/types';
import { useApiFetch } from './api-fetch';
import type { Autocompleter } from './types';

/** What useSearchLabels reports. */
export interface SearchLabels<R = unknown> {
  /** One option per id, in the ids' order; the id stands in as label until it is known. */
  options: SearchOption<R>[];
  /** True while the labels are being fetched. */
  loading: boolean;
  /** The error of the lookup, if it failed. */
  error: unknown;
}

/** Orders fetched options like the ids, with the id as label for any the lookup did not return. */
export function labelsInIdOrder<R>(
  ids: readonly string[],
  fetched: readonly SearchOption<R>[],
): SearchOption<R>[] {
  const byKey = new Map(fetched.map((option) => [option.key, option]));
  return ids.map((id) => byKey.get(id) ?? { key: id, label: id });
}

/**
 * Options for preselected ids (from the URL, say): labels fetched through the autocompleter
 * (with `include`), the ids themselves standing in until they arrive.
 */
export function useSearchLabels<R>(
  autocompleter: Autocompleter<R>,
  ids: readonly (string | number)[],
): SearchLabels<R> {
  const apiFetch = useApiFetch();
  const keys = ids.map(String);
  const signature = keys.join(',');
  const [state, setState] = useState<{
    signature: string;
    options: SearchOption<R>[];
    error: unknown;
  }>({
    signature: '',
    options: [],
    error: undefined,
  });

  useEffect(() => {
    if (signature === '') return;
    const wanted = signature.split(',');
    const controller = new AbortController();
    autocompleter.getLabels(wanted, { apiFetch, signal: controller.signal }).then(
      (options) => {
        if (!controller.signal.aborted) setState({ signature, options, error: undefined });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ signature, options: [], error });
      },
    );
    return () => controller.abort();
  }, [autocompleter, apiFetch, signature]);

  const current = state.signature === signature;
  return {
    options: labelsInIdOrder(keys, current ? state.options : []),
    loading: signature !== '' && !current,
    error: current ? state.error : undefined,
  };
}

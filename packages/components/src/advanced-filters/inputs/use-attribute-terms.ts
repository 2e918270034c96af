import { useEffect, useState } from 'react';
import { attributeTermsAutocompleter, useApiFetch } from '../../search';
import type { SearchOption } from '../../search-select';

/** The terms of an attribute and whether they are still loading. */
export interface AttributeTerms {
  /** Terms (key = term id), up to the terms page size. */
  readonly terms: readonly SearchOption[];
  /** True until the terms of the current attribute arrived (or failed). */
  readonly loading: boolean;
}

/** Loads the terms of `attributeId` (none for an empty id) whenever it changes. */
export function useAttributeTerms(attributeId: string): AttributeTerms {
  const apiFetch = useApiFetch();
  const [state, setState] = useState<{ id: string; terms: readonly SearchOption[] }>({
    id: '',
    terms: [],
  });
  useEffect(() => {
    if (!attributeId) return;
    const controller = new AbortController();
    attributeTermsAutocompleter(attributeId)
      .search('', { apiFetch, signal: controller.signal })
      .then(
        (terms) => {
          if (!controller.signal.aborted) setState({ id: attributeId, terms });
        },
        () => {
          if (!controller.signal.aborted) setState({ id: attributeId, terms: [] });
        },
      );
    return () => controller.abort();
  }, [attributeId, apiFetch]);
  if (!attributeId) return { terms: [], loading: false };
  return state.id === attributeId
    ? { terms: state.terms, loading: false }
    : { terms: [], loading: true };
}

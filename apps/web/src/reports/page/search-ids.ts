import { analyticsListRead, fetchRead, useStorelensDispatch } from '@storelens/data';
import { parseWordList, stringifyWordList } from '@storelens/navigation';
import { useEffect, useState } from 'react';

/** The words of a `search` param, and the param of chosen words: comma lists of navigation. */
export { parseWordList as searchWords, stringifyWordList as searchParam };

/** The ids a search matched, and whether one of its reads failed. */
export interface SearchIdsResult {
  /** `undefined` while loading (or with no search), `[]` when none match or a read failed. */
  readonly ids: string[] | undefined;
  readonly failed: boolean;
}

/**
 * The ids of the records matching any of the words, by searching `wc-analytics/<listPath>` for
 * each word through the data layer's cache. A failed read is said (`failed`), not taken for a
 * search that matched nothing.
 */
export function useSearchIds(
  listPath: string | undefined,
  words: readonly string[],
): SearchIdsResult {
  const dispatch = useStorelensDispatch();
  const key = `${listPath}|${words.join('\u0000')}`;
  const [state, setState] = useState<{ key: string; ids: string[]; failed: boolean } | undefined>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the words' content
  useEffect(() => {
    if (!listPath || words.length === 0) return;
    let cancelled = false;
    const list = analyticsListRead(listPath);
    void Promise.all(
      words.map((word) => dispatch(fetchRead(list, { search: word, per_page: 100 }))),
    ).then((entries) => {
      if (cancelled) return;
      const ids = new Set<string>();
      let failed = false;
      for (const entry of entries) {
        if (!entry || entry.error) failed = true;
        for (const record of entry?.result ?? []) {
          if (record.id !== undefined) ids.add(String(record.id));
        }
      }
      setState({ key, ids: failed ? [] : [...ids], failed });
    });
    return () => {
      cancelled = true;
    };
  }, [key, dispatch]);
  if (!listPath || words.length === 0) return { ids: undefined, failed: false };
  return state?.key === key
    ? { ids: state.ids, failed: state.failed }
    : { ids: undefined, failed: false };
}

import { useApiFetch } from '@storelens/components';
import { appendQuery, parseWordList, stringifyWordList } from '@storelens/navigation';
import { useEffect, useState } from 'react';

/** The words of a `search` param, and the param of chosen words: comma lists of navigation. */
export { parseWordList as searchWords, stringifyWordList as searchParam };

/**
 * The ids of the records matching any of the words, by searching
 * `wc-analytics/<listPath>` for each word: `undefined` while loading, `[]` when none match.
 */
export function useSearchIds(
  listPath: string | undefined,
  words: readonly string[],
): string[] | undefined {
  const apiFetch = useApiFetch();
  const key = `${listPath}|${words.join('\u0000')}`;
  const [state, setState] = useState<{ key: string; ids: string[] } | undefined>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the words' content
  useEffect(() => {
    if (!listPath || words.length === 0) return;
    const controller = new AbortController();
    Promise.all(
      words.map((word) =>
        apiFetch(appendQuery(`/wc-analytics/${listPath}`, { search: word, per_page: 100 }), {
          signal: controller.signal,
        }),
      ),
    )
      .then((lists) => {
        const ids = new Set<string>();
        for (const list of lists) {
          if (!Array.isArray(list)) continue;
          for (const record of list) {
            const id = (record as { id?: unknown }).id;
            if (id !== undefined) ids.add(String(id));
          }
        }
        setState({ key, ids: [...ids] });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ key, ids: [] });
      });
    return () => controller.abort();
  }, [key, apiFetch]);
  if (!listPath || words.length === 0) return undefined;
  return state?.key === key ? state.ids : undefined;
}

import { useApiFetch } from '@storelens/components';
import { useEffect, useState } from 'react';

/** The words of a `search` param: comma-separated, `%2C` standing for a comma inside a word. */
export function searchWords(search: unknown): string[] {
  if (typeof search !== 'string' || search === '') return [];
  return search
    .split(',')
    .map((word) => word.replace(/%2C/gi, ',').trim())
    .filter((word) => word !== '');
}

/** The `search` param of chosen words (commas inside a word escaped as `%2C`). */
export function searchParam(words: readonly string[]): string | undefined {
  const text = words.map((word) => word.replace(/,/g, '%2C')).join(',');
  return text === '' ? undefined : text;
}

/**
 * The ids of the records matching any of the words (PAGES.md §2.9), by searching
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
        apiFetch(`/wc-analytics/${listPath}?search=${encodeURIComponent(word)}&per_page=100`, {
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

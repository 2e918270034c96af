import type { SearchOption } from './types';

/** Lower-cases and trims text for case-insensitive matching. */
function normalise(text: string): string {
  return text.trim().toLocaleLowerCase();
}

/**
 * Options whose label or one of whose keywords contains the query (case-insensitive), in their
 * original order; an empty query keeps every option. `limit` caps the result length.
 */
export function filterOptions<V>(
  options: readonly SearchOption<V>[],
  query: string,
  limit: number = Number.POSITIVE_INFINITY,
): SearchOption<V>[] {
  const needle = normalise(query);
  const matches =
    needle === ''
      ? [...options]
      : options.filter(
          (option) =>
            normalise(option.label).includes(needle) ||
            (option.keywords ?? []).some((word) => normalise(word).includes(needle)),
        );
  return matches.slice(0, Math.max(0, limit));
}

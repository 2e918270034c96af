import { __, _n, sprintf } from '@storelens/i18n';

/** The screen-reader message for a finished search: the result count, or 'No results.'. */
export function resultsMessage(count: number): string {
  if (count === 0) return __('No results.');
  return sprintf(
    _n(
      '%d result found, use up and down arrow keys to navigate.',
      '%d results found, use up and down arrow keys to navigate.',
      count,
    ),
    count,
  );
}

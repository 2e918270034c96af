import type { SearchOption } from '../search-select/types';

/** Fewest items the Update button compares. */
export const MIN_COMPARE_ITEMS = 2;

/** The query value for chosen items: their keys comma-joined, or undefined (param removed) for none. */
export function compareQueryValue(chosen: readonly SearchOption[]): string | undefined {
  return chosen.length === 0 ? undefined : chosen.map((option) => option.key).join(',');
}

/** True when enough items are chosen to compare them. */
export function canCompare(chosen: readonly SearchOption[]): boolean {
  return chosen.length >= MIN_COMPARE_ITEMS;
}

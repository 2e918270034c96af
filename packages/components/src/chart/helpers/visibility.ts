import { MAX_VISIBLE_SERIES } from '../constants';

/** The keys visible at first: the first five in order. */
export function getInitialVisibleKeys(orderedKeys: readonly string[]): string[] {
  return orderedKeys.slice(0, MAX_VISIBLE_SERIES);
}

/** Why a legend toggle is blocked, or null when it may change. */
export type ToggleBlock = 'last-visible' | 'limit-reached' | null;

/**
 * Whether a series' legend toggle is blocked: the last visible series cannot be hidden, and a
 * hidden one cannot be shown while five are visible.
 */
export function getToggleBlock(key: string, visibleKeys: readonly string[]): ToggleBlock {
  const isVisible = visibleKeys.includes(key);
  if (isVisible && visibleKeys.length <= 1) return 'last-visible';
  if (!isVisible && visibleKeys.length >= MAX_VISIBLE_SERIES) return 'limit-reached';
  return null;
}

/**
 * Toggles one series, keeping the visible keys in legend order; a blocked toggle returns the
 * same array unchanged.
 */
export function toggleVisibleKey(
  key: string,
  visibleKeys: readonly string[],
  orderedKeys: readonly string[],
): readonly string[] {
  if (!orderedKeys.includes(key) || getToggleBlock(key, visibleKeys) !== null) return visibleKeys;
  const next = new Set(visibleKeys);
  if (next.has(key)) next.delete(key);
  else next.add(key);
  return orderedKeys.filter((candidate) => next.has(candidate));
}

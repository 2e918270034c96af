/** How long ScrollTo waits after mounting before it scrolls, in milliseconds. */
export const SCROLL_DELAY = 250;

/** The page offset to scroll to: the element's top in the page plus an offset (number or numeric text). */
export function scrollTarget(
  elementTop: number,
  scrollY: number,
  offset: number | string = 0,
): number {
  const extra = typeof offset === 'number' ? offset : Number.parseInt(offset, 10);
  return Math.max(0, elementTop + scrollY + (Number.isFinite(extra) ? extra : 0));
}

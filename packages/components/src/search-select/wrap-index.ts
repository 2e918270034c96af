/**
 * Moves a highlight by `step` through `count` items, wrapping at both ends. From no highlight
 * (-1) a step down lands on the first item and a step up on the last. -1 when there are none.
 */
export function wrapIndex(current: number, step: 1 | -1, count: number): number {
  if (count <= 0) return -1;
  if (current < 0 || current >= count) return step === 1 ? 0 : count - 1;
  return (current + step + count) % count;
}

/**
 * Picks the points of a polyline worth drawing at pixel resolution: within each pixel column
 * the first, lowest, highest and last point, in their original order. A line through them
 * looks the same as one through every point, with at most four points per column.
 */
export function decimateIndexes(
  count: number,
  xAt: (index: number) => number,
  yAt: (index: number) => number,
): number[] {
  const kept: number[] = [];
  let column = Number.NaN;
  let first = 0;
  let low = 0;
  let high = 0;
  let last = 0;
  const flush = () => {
    const picks = [first, low, high, last].sort((a, b) => a - b);
    for (let i = 0; i < picks.length; i++) {
      const pick = picks[i] as number;
      if (i === 0 || pick !== picks[i - 1]) kept.push(pick);
    }
  };
  for (let index = 0; index < count; index++) {
    const current = Math.floor(xAt(index));
    if (current !== column) {
      if (index > 0) flush();
      column = current;
      first = low = high = last = index;
      continue;
    }
    const y = yAt(index);
    if (y < yAt(low)) low = index;
    if (y > yAt(high)) high = index;
    last = index;
  }
  if (count > 0) flush();
  return kept;
}

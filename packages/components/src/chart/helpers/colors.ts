import { PALETTE_SIZE } from '../constants';

/**
 * Gives each series a palette slot. The first five keep their own slot; a series beyond the
 * fifth takes a slot from the visible set only — one that no visible series among the first
 * five holds — so visible series never share a colour. Hidden series beyond five cycle.
 */
export function assignColorIndexes(
  orderedKeys: readonly string[],
  visibleKeys: readonly string[],
): Map<string, number> {
  const visible = new Set(visibleKeys);
  const result = new Map<string, number>();
  const taken = new Set<number>();
  orderedKeys.forEach((key, index) => {
    if (index < PALETTE_SIZE) {
      result.set(key, index);
      if (visible.has(key)) taken.add(index);
    }
  });
  const free: number[] = [];
  for (let slot = 0; slot < PALETTE_SIZE; slot++) if (!taken.has(slot)) free.push(slot);
  let nextFree = 0;
  orderedKeys.forEach((key, index) => {
    if (index < PALETTE_SIZE) return;
    const freeSlot = visible.has(key) ? free[nextFree++] : undefined;
    result.set(key, freeSlot ?? index % PALETTE_SIZE);
  });
  return result;
}

/** The CSS colour for a palette slot, read from the design tokens. */
export function colorVar(colorIndex: number): string {
  return `var(--sl-chart-${(colorIndex % PALETTE_SIZE) + 1})`;
}

/**
 * Percentage change from `secondary` (the baseline) to `primary`, rounded to a whole number
 * half away from zero. Null when it cannot be computed: a value is missing or not finite, or
 * the baseline is 0 while the primary value is not (0 → 0 is no change: 0).
 */
export function calculateDelta(
  primary: number | null | undefined,
  secondary: number | null | undefined,
): number | null {
  if (typeof primary !== 'number' || typeof secondary !== 'number') return null;
  if (!Number.isFinite(primary) || !Number.isFinite(secondary)) return null;
  if (secondary === 0) return primary === 0 ? 0 : null;
  const change = ((primary - secondary) / Math.abs(secondary)) * 100;
  // Math.round takes halves up; round the magnitude so -2.5 and 2.5 both move away from zero.
  const rounded = Math.sign(change) * Math.round(Math.abs(change));
  return rounded === 0 ? 0 : rounded;
}

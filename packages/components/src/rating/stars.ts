/** How much of each star is filled (0..1), for a rating out of `total` stars. */
export function starFills(rating: number, total: number): number[] {
  const value = Number.isFinite(rating) ? Math.min(Math.max(rating, 0), total) : 0;
  return Array.from({ length: Math.max(0, total) }, (_, i) => Math.min(1, Math.max(0, value - i)));
}

/** A rating as text: at most two decimals, no trailing zeros ('4', '4.5', '3.67'). */
export function ratingText(rating: number): string {
  return String(Number((Number.isFinite(rating) ? rating : 0).toFixed(2)));
}

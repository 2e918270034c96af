/** The heading levels HTML offers. */
export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

/** Clamps any number to a valid heading level (1..6). */
export function toHeadingLevel(level: number): HeadingLevel {
  const whole = Number.isFinite(level) ? Math.trunc(level) : 1;
  return Math.min(6, Math.max(1, whole)) as HeadingLevel;
}

/** The level of headings inside a section nested in a section at `level`. */
export function nestedLevel(level: number): HeadingLevel {
  return toHeadingLevel(level + 1);
}

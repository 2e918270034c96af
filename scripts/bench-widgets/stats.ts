/** p50 and p95 of one benchmark's samples, in milliseconds. */
export interface FigureSummary {
  /** Median (nearest rank). */
  p50: number;
  /** 95th percentile (nearest rank). */
  p95: number;
  /** Number of measured runs. */
  runs: number;
}

/** Nearest-rank percentile `p` (0–100] of samples sorted ascending; NaN without samples. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** Sorts a copy of the samples and takes p50 and p95. */
export function summarize(samples: readonly number[]): FigureSummary {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), runs: sorted.length };
}

/** One printed line: the figure's label, p50, p95 and the target beside them. */
export function formatFigure(label: string, summary: FigureSummary, targetMs?: number): string {
  const target = targetMs === undefined ? '' : ` (target < ${targetMs} ms)`;
  return `${label}: p50 ${summary.p50.toFixed(1)} ms, p95 ${summary.p95.toFixed(1)} ms${target}`;
}

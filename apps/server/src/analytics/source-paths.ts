/*
 * The Sources report's drill-down paths, apart from analytics/sources.ts so the rollups'
 * modules (ingest/source-day.ts, ingest/source-first.ts) list their dimensions when they
 * load, whatever order the import cycle through customers over time loads them in.
 */
import type { SourceDimension } from '@storelens/api';

/**
 * The drill-down paths (a dimension narrowed by the ones above it, as the Sources page drills
 * from a row to the next dimension) that source_day and source_first_day also keep, each as a
 * compound dimension whose value is the path's values joined by PATH_SEPARATOR. A drill-down
 * (google's mediums) then reads its parent's rows by the value's prefix instead of every
 * order of the range with its attribution.
 */
export const SOURCE_PATHS: readonly (readonly SourceDimension[])[] = [
  ['source_type', 'origin'],
  ['utm_source', 'utm_medium'],
  ['utm_medium', 'utm_campaign'],
  ['utm_source', 'utm_medium', 'utm_campaign'],
];

/** Between a path's values (a control character no stored value carries). */
export const PATH_SEPARATOR = '\u001f';

/** A path's compound dimension in source_day and source_first_day. */
export const pathDimension = (path: readonly SourceDimension[]) => path.join('>');

/*
 * The stats envelope every `/stats` endpoint shares (docs/api.md, "Analytics: stats"):
 * zero-filled buckets,
 * clipped edges, segments zero-filled and sorted by id, `fields[]`, sorting and paging.
 * Reports only supply accumulators per bucket (and per segment) and how to present them.
 */
import type { IntervalKind } from '@storelens/api';
import { mapOf } from '../owned-maps';
import { zone } from '../timezone';
import { bucketId, bucketsBetween, type RangeBucket } from './intervals';

/** A validated stats request: local wall-clock bounds (inclusive), interval, paging. */
export interface StatsRequest {
  after: string;
  before: string;
  interval: IntervalKind;
  page: number;
  perPage: number;
  order: 'asc' | 'desc';
  orderby: string;
  fields: readonly string[] | undefined;
}

/** How a report's accumulator behaves. */
export interface StatsKind<A> {
  empty(): A;
  merge(into: A, from: A): void;
  present(acc: A): Record<string, number | null>;
}

/** A known segment: id and label (docs/api.md, "Segments"). */
export interface Segment {
  id: number;
  label: string;
}

/** Accumulators per bucket id (and per segment id), filled by a report's loaders. */
export class BucketAccs<A> {
  readonly byBucket = new Map<string, A>();
  readonly bySegment = new Map<string, Map<number, A>>();
  readonly buckets: readonly RangeBucket[];

  constructor(
    readonly kind: StatsKind<A>,
    readonly request: StatsRequest,
    readonly startOfWeek: number,
  ) {
    this.buckets = bucketsBetween(request.after, request.before, request.interval, startOfWeek);
    for (const b of this.buckets) {
      this.byBucket.set(b.id, kind.empty());
      this.bySegment.set(b.id, new Map());
    }
  }

  /** The bucket id of a local date, when it is inside the range. */
  idOf(local: string): string | undefined {
    if (local < this.request.after || local > this.request.before) return undefined;
    return bucketId(local, this.request.interval, this.startOfWeek);
  }

  /** The accumulator of a local date's bucket. */
  at(local: string): A | undefined {
    const id = this.idOf(local);
    return id === undefined ? undefined : this.byBucket.get(id);
  }

  /** The accumulator of a local date's bucket and a segment. */
  segmentAt(local: string, segment: number): A | undefined {
    const id = this.idOf(local);
    const map = id === undefined ? undefined : this.bySegment.get(id);
    if (!map) return undefined;
    let acc = map.get(segment);
    if (!acc) {
      acc = this.kind.empty();
      map.set(segment, acc);
    }
    return acc;
  }
}

/** Keeps only the asked fields that exist; none known (or none asked) keeps everything. */
export function pickFields(fields: readonly string[] | undefined) {
  return <T extends object>(values: T): Partial<T> => {
    if (!fields) return values;
    const known = fields.filter((f) => f in values);
    if (known.length === 0) return values;
    return Object.fromEntries(known.map((f) => [f, values[f as keyof T]])) as Partial<T>;
  };
}

const byId = (a: { interval: string }, b: { interval: string }) =>
  a.interval < b.interval ? -1 : a.interval > b.interval ? 1 : 0;

/** `orderby=date` sorts by id; a metric sorts by value with ties by id ascending. */
export function sortIntervals<T extends { interval: string; subtotals: object }>(
  intervals: readonly T[],
  orderby: string,
  order: 'asc' | 'desc',
  alias: Record<string, string> = {},
): T[] {
  const dir = order === 'asc' ? 1 : -1;
  if (orderby === 'date') return [...intervals].sort((a, b) => dir * byId(a, b));
  const field = alias[orderby] ?? orderby;
  const value = (i: T) => Number((i.subtotals as Record<string, unknown>)[field] ?? 0);
  return [...intervals].sort((a, b) => dir * (value(a) - value(b)) || byId(a, b));
}

/** The response and its paging figures. */
export interface StatsResult {
  body: { totals: Record<string, unknown>; intervals: unknown[] };
  total: number;
  totalPages: number;
}

/** Page size that puts every interval on page 1 (an answer computed once for all pages). */
export const ALL_INTERVALS = Number.MAX_SAFE_INTEGER;

/**
 * One page of an answer computed with every interval on page 1 (`ALL_INTERVALS`): the same
 * envelope `assembleStats` gives for that page.
 */
export function pageOfStats(all: StatsResult, page: number, perPage: number): StatsResult {
  const count = all.total;
  const totalPages = Math.ceil(count / perPage);
  if (page > totalPages) return { body: { totals: {}, intervals: [] }, total: count, totalPages };
  const start = (page - 1) * perPage;
  return {
    body: { totals: all.body.totals, intervals: all.body.intervals.slice(start, start + perPage) },
    total: count,
    totalPages,
  };
}

/** The GMT bounds of each bucket of a (kept, shared) bucket list, by zone: computed once. */
const gmtOfBuckets = new WeakMap<
  readonly RangeBucket[],
  Map<string, readonly [string, string][]>
>();

function gmtBounds(buckets: readonly RangeBucket[], timezone: string) {
  const byZone = mapOf(gmtOfBuckets, buckets);
  let bounds = byZone.get(timezone);
  if (!bounds) {
    const tz = zone(timezone);
    bounds = buckets.map((b) => [tz.toGmt(b.start), tz.toGmt(b.end)] as [string, string]);
    byZone.set(timezone, bounds);
  }
  return bounds;
}

/** Assembles the envelope from filled accumulators. */
export function assembleStats<A>(
  accs: BucketAccs<A>,
  options: {
    timezone: string;
    segments: readonly Segment[] | undefined;
    /** Totals-only fields (e.g. distinct products). */
    extraTotals?: Record<string, number>;
    orderbyAlias?: Record<string, string>;
  },
): StatsResult {
  const { kind, request } = accs;
  const keep = pickFields(request.fields);
  const universe = [...(options.segments ?? [])].sort((a, b) => a.id - b.id);
  const segmentsOf = (map: Map<number, A> | undefined) =>
    options.segments === undefined
      ? []
      : universe.map((s) => ({
          segment_id: s.id,
          segment_label: s.label,
          subtotals: keep(kind.present(map?.get(s.id) ?? kind.empty())),
        }));

  const total = kind.empty();
  const totalSegments = new Map<number, A>();
  for (const b of accs.buckets) {
    kind.merge(total, accs.byBucket.get(b.id)!);
    for (const [seg, acc] of accs.bySegment.get(b.id)!) {
      let t = totalSegments.get(seg);
      if (!t) {
        t = kind.empty();
        totalSegments.set(seg, t);
      }
      kind.merge(t, acc);
    }
  }
  const gmt = gmtBounds(accs.buckets, options.timezone);
  let intervals = accs.buckets.map((b, i) => {
    // present() makes a new object; keep() answers it or a new one: either is ours to extend.
    const subtotals: Record<string, unknown> = keep(kind.present(accs.byBucket.get(b.id)!));
    subtotals.segments = segmentsOf(accs.bySegment.get(b.id));
    return {
      interval: b.id,
      date_start: b.start,
      date_start_gmt: gmt[i]![0],
      date_end: b.end,
      date_end_gmt: gmt[i]![1],
      subtotals,
    };
  });
  intervals = sortIntervals(intervals, request.orderby, request.order, options.orderbyAlias);
  const count = intervals.length;
  const totalPages = Math.ceil(count / request.perPage);
  if (request.page > totalPages) {
    return { body: { totals: {}, intervals: [] }, total: count, totalPages };
  }
  const start = (request.page - 1) * request.perPage;
  return {
    body: {
      totals: {
        ...keep({ ...kind.present(total), ...options.extraTotals }),
        segments: segmentsOf(totalSegments),
      },
      intervals: intervals.slice(start, start + request.perPage),
    },
    total: count,
    totalPages,
  };
}

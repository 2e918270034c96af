/* Saved segments (docs/api.md, "Saved segments"): routes under `storelens/v1/segments`. */
import { type Static, Type } from 'typebox';
import { literalUnion } from './admin-common';
import { orderFilterParams } from './reports-common';
import { customerFilterParams } from './reports-lists';
import { sourceFilterParams } from './reports-sources';

/** The reports a segment is saved from. */
export const segmentSources = ['orders', 'customers'] as const;
/** The report a segment is saved from: its orders, or its customers. */
export type SegmentSource = (typeof segmentSources)[number];

/**
 * The parameters an orders segment keeps: the Orders report's advanced filters, by the
 * report's own query-string keys.
 */
export const SegmentOrdersQuery = Type.Object(
  { ...orderFilterParams, ...sourceFilterParams },
  { additionalProperties: false },
);
/**
 * The parameters a customers segment keeps: the Customers report's filters, its cohort cell
 * or its RFM group, by the report's own query-string keys.
 */
export const SegmentCustomersQuery = Type.Object(
  { ...customerFilterParams },
  { additionalProperties: false },
);
/** The saved query of each source, which a segment's `query` is validated against. */
export const segmentQuerySchemas = {
  orders: SegmentOrdersQuery,
  customers: SegmentCustomersQuery,
} as const;

/** The saved query as sent: report parameters (checked against the source report's schema). */
export const SegmentQuery = Type.Record(Type.String(), Type.Unknown(), { maxProperties: 60 });
export type SegmentQuery = Static<typeof SegmentQuery>;

const SegmentName = Type.String({ minLength: 1, maxLength: 100 });
const Flag = Type.Union([Type.Boolean(), literalUnion(['true', 'false', '1', '0'] as const)]);

/** Body of `POST storelens/v1/segments`. */
export const SegmentCreateBody = Type.Object(
  {
    name: SegmentName,
    source: literalUnion(segmentSources),
    query: SegmentQuery,
    shared: Type.Optional(Flag),
  },
  { additionalProperties: false },
);
export type SegmentCreateBody = Static<typeof SegmentCreateBody>;

/** Body of `PUT storelens/v1/segments/{id}`: a new name, shared or not. */
export const SegmentUpdateBody = Type.Object(
  { name: Type.Optional(SegmentName), shared: Type.Optional(Flag) },
  { additionalProperties: false },
);
export type SegmentUpdateBody = Static<typeof SegmentUpdateBody>;

/** Path parameters of one segment. */
export const SegmentIdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 }),
});

/** One saved segment. */
export const SegmentView = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    source: literalUnion(segmentSources),
    query: SegmentQuery,
    shared: Type.Boolean(),
    owner_id: Type.Integer(),
    /** The owner's display name (empty when the user no longer exists). */
    owner_name: Type.String(),
    /** True when the caller owns it (may rename, share or delete it). */
    mine: Type.Boolean(),
    date_created_gmt: Type.String(),
    date_modified_gmt: Type.String(),
  },
  { additionalProperties: false },
);
export type SegmentView = Static<typeof SegmentView>;

/** Answer of `GET storelens/v1/segments`: the caller's own, then the shared ones. */
export const SegmentsResponse = Type.Array(SegmentView);

/** Answer of `DELETE storelens/v1/segments/{id}`. */
export const SegmentDeletedResponse = Type.Object(
  { deleted: Type.Boolean(), id: Type.Integer() },
  { additionalProperties: false },
);

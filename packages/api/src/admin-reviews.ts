import type { Static } from 'typebox';
import { Type } from 'typebox';
import {
  AdminBool,
  AdminContext,
  AdminDateTime,
  AdminPaging,
  Closed,
  literalUnion,
  MAX_SAFE_ID,
  PositiveId,
} from './admin-common';

/** Stored review statuses. */
export const reviewStatuses = ['approved', 'hold', 'spam', 'trash'] as const;
/** One stored review status. */
export type ReviewStatus = (typeof reviewStatuses)[number];

/** A product review as the API answers it. */
export const ReviewBody = Closed({
  id: Type.Integer(),
  date_created: Type.String(),
  date_created_gmt: Type.String(),
  product_id: Type.Integer(),
  product_name: Type.String(),
  status: literalUnion(reviewStatuses),
  reviewer: Type.String(),
  reviewer_email: Type.String(),
  review: Type.String(),
  rating: Type.Integer(),
  verified: Type.Boolean(),
  reviewer_avatar_urls: Type.Record(Type.String(), Type.String()),
});
/** A product review as the API answers it. */
export type ReviewBody = Static<typeof ReviewBody>;

/** `GET /wc-analytics/products/reviews`. */
export const ReviewsResponse = Type.Array(ReviewBody);

const ids = Type.Array(PositiveId, { maxItems: 1000 });

/** `GET /wc-analytics/products/reviews`. */
export const ReviewsListQuery = Type.Object(
  {
    context: AdminContext,
    ...AdminPaging,
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_SAFE_ID })),
    search: Type.Optional(Type.String({ maxLength: 200 })),
    after: Type.Optional(AdminDateTime),
    before: Type.Optional(AdminDateTime),
    include: Type.Optional(ids),
    exclude: Type.Optional(ids),
    product: Type.Optional(ids),
    reviewer: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 100 })),
    reviewer_email: Type.Optional(Type.String({ maxLength: 200 })),
    status: Type.Optional(literalUnion(['all', ...reviewStatuses] as const)),
    rating: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 5 }), { maxItems: 5 })),
    order: Type.Optional(literalUnion(['asc', 'desc'] as const)),
    orderby: Type.Optional(
      literalUnion(['date', 'date_gmt', 'id', 'include', 'product', 'rating'] as const),
    ),
  },
  { additionalProperties: false },
);
/** Parsed reviews query. */
export type ReviewsListQuery = Static<typeof ReviewsListQuery>;

/** `PUT /wc-analytics/products/reviews/{id}`. */
export const ReviewUpdateBody = Type.Object(
  {
    status: Type.Optional(literalUnion([...reviewStatuses, 'unspam', 'untrash'] as const)),
    review: Type.Optional(Type.String({ minLength: 1, maxLength: 10_000 })),
    rating: Type.Optional(Type.Integer({ minimum: 0, maximum: 5 })),
    reviewer: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    reviewer_email: Type.Optional(Type.String({ maxLength: 200, pattern: '^[^@\\s]+@[^@\\s]+$' })),
    context: AdminContext,
  },
  { additionalProperties: false },
);
/** Parsed review update. */
export type ReviewUpdateBody = Static<typeof ReviewUpdateBody>;

/** `DELETE /wc-analytics/products/reviews/{id}` (force: delete for good instead of trash). */
export const ReviewDeleteQuery = Type.Object(
  { force: Type.Optional(AdminBool), context: AdminContext },
  { additionalProperties: false },
);

/** `{id}` route params. */
export const ReviewIdParams = Type.Object({ id: PositiveId });

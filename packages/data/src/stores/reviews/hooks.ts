import type { ReviewBody as Review } from '@storelens/api';
import { useMemo } from 'react';
import type { QueryArgs } from '../../client/query-string.ts';
import { useStorelensDispatch } from '../../react/provider.tsx';
import { type ResourceList, useResourceList } from '../../react/use-resource-list.ts';
import type { ReviewUpdate } from './slice.ts';
import { deleteReview, fetchReviews, REVIEWS_SCOPE, updateReview } from './slice.ts';

/** What `useReviews` returns: the list (total from `X-WP-Total`) and review operations. */
export interface UseReviewsResult extends ResourceList<Review> {
  readonly updateReview: (id: number, fields: ReviewUpdate, query?: QueryArgs) => Promise<Review>;
  readonly deleteReview: (id: number, query?: QueryArgs) => Promise<unknown>;
}

/** The reviews scope's fetch, as `useResourceList` calls it. */
const fetchReviewsOfScope = (_scope: string, query: QueryArgs) => fetchReviews(query);

/** Reads the reviews of a query and exposes review operations. */
export function useReviews(query: QueryArgs = {}): UseReviewsResult {
  const dispatch = useStorelensDispatch();
  const list = useResourceList((s) => s.reviews, REVIEWS_SCOPE, query, fetchReviewsOfScope);
  return useMemo(
    () => ({
      ...list,
      updateReview: (id, fields, q) => dispatch(updateReview(id, fields, q)),
      deleteReview: (id, q) => dispatch(deleteReview(id, q)),
    }),
    [list, dispatch],
  );
}

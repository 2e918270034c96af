import type { ReviewBody as Review, ReviewUpdateBody } from '@storelens/api';
import type { QueryArgs } from '../../client/query-string.ts';
import { runOptimistic } from '../../core/optimistic.ts';
import { NAMESPACES, STORE_NAMES } from '../../core/paths.ts';
import { createResource, idKey, type ResourceState } from '../../core/resource.ts';
import { stableKey } from '../../core/stable-key.ts';
import type { AppThunk } from '../../core/thunk.ts';
import { runWrite } from '../../core/write.ts';

/** Fields a review update may send (`unspam` and `untrash` are moves, not stored statuses). */
export type ReviewUpdate = Omit<ReviewUpdateBody, 'context'>;

/** The reviews store: the resource core with one scope. */
export const reviewsResource = createResource<Review>(STORE_NAMES.reviews);
/** The one scope reviews live in. */
export const REVIEWS_SCOPE = 'reviews';
/** Reviews state. */
export type ReviewsState = ResourceState<Review>;

const base = `${NAMESPACES.analytics}/products/reviews`;
const { actions } = reviewsResource;

/** Fetches the reviews of a query, with the total from `X-WP-Total`. */
export function fetchReviews(
  query: QueryArgs = {},
  options: { force?: boolean } = {},
): AppThunk<void> {
  return async (dispatch, getState, { client }) => {
    const key = stableKey(query);
    if (!reviewsResource.needsFetch(getState().reviews, REVIEWS_SCOPE, key, options.force)) return;
    await reviewsResource.runQuery(dispatch, REVIEWS_SCOPE, key, async () => {
      const response = await client.get<Review[] | null>(base, query);
      const list = response.data ?? [];
      return {
        items: list,
        result: {
          ids: list.map((r) => idKey(r.id)),
          total: response.total,
          totalPages: response.totalPages,
        },
      };
    });
  };
}

/** Updates a review optimistically (query args go in the URL, fields in the body); rethrows. */
export function updateReview(
  id: number,
  fields: ReviewUpdate,
  query: QueryArgs = {},
): AppThunk<Review> {
  return async (dispatch, getState, { client }) => {
    const operation = `update:${id}`;
    const result = await runOptimistic({
      snapshot: () => getState().reviews[REVIEWS_SCOPE]?.byId[idKey(id)] ?? null,
      apply: () => {
        dispatch(actions.updatingChanged({ scope: REVIEWS_SCOPE, id, updating: true }));
        dispatch(
          actions.itemPatched({ scope: REVIEWS_SCOPE, id, patch: fields as Partial<Review> }),
        );
      },
      send: async () => (await client.put<Review>(`${base}/${id}`, fields, query)).data,
      rollback: (snapshot, error) => {
        dispatch(actions.itemRestored({ scope: REVIEWS_SCOPE, id, item: snapshot }));
        dispatch(actions.operationFailed({ scope: REVIEWS_SCOPE, operation, error }));
      },
      settle: () => {
        dispatch(actions.updatingChanged({ scope: REVIEWS_SCOPE, id, updating: false }));
        dispatch(actions.invalidated({ scope: REVIEWS_SCOPE }));
        return undefined;
      },
    });
    if (!result.ok) throw result.error;
    if (result.value)
      dispatch(actions.itemsReceived({ scope: REVIEWS_SCOPE, items: [result.value] }));
    dispatch(actions.operationSucceeded({ scope: REVIEWS_SCOPE, operation }));
    return result.value;
  };
}

/** Deletes a review. */
export function deleteReview(id: number, query: QueryArgs = {}): AppThunk<unknown> {
  return (dispatch, _getState, { client }) =>
    runWrite({
      dispatch,
      resource: reviewsResource,
      scope: REVIEWS_SCOPE,
      operation: `delete:${id}`,
      ids: [id],
      send: async () => (await client.delete<unknown>(`${base}/${id}`, undefined, query)).data,
      onSuccess: () => dispatch(actions.itemRemoved({ scope: REVIEWS_SCOPE, id })),
    });
}

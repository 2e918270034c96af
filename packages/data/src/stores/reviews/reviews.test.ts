// @vitest-environment node

import { ReviewBody } from '@storelens/api';
import { afterEach, describe, expect, it } from 'vitest';
import { stableKey } from '../../core/stable-key.ts';
import { contractBody } from '../../test/bodies.ts';
import { wpError } from '../../test/server.ts';
import { startStore } from '../../test/store.ts';
import { deleteReview, fetchReviews, REVIEWS_SCOPE, updateReview } from './slice.ts';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function reviewsServer(fail = false) {
  const ctx = await startStore((app) => {
    app.get('/wc-analytics/products/reviews', async (_req, reply) => {
      reply.header('X-WP-Total', '57').header('X-WP-TotalPages', '6');
      return [
        contractBody(ReviewBody, {
          id: 1,
          product_id: 9,
          status: 'hold',
          review: 'Good',
          rating: 4,
        }),
        contractBody(ReviewBody, {
          id: 2,
          product_id: 9,
          status: 'approved',
          review: 'Bad',
          rating: 1,
        }),
      ];
    });
    app.put('/wc-analytics/products/reviews/:id', async (req, reply) => {
      if (fail) return reply.code(500).send(wpError('review_error', 'Review failure.', 500));
      return {
        id: Number((req.params as { id: string }).id),
        product_id: 9,
        ...(req.body as object),
      };
    });
    app.delete('/wc-analytics/products/reviews/:id', async (req, reply) => {
      if (fail) return reply.code(500).send(wpError('review_error', 'Review failure.', 500));
      return { deleted: true, id: (req.params as { id: string }).id };
    });
  });
  close = () => ctx.server.close();
  await ctx.store.dispatch(fetchReviews({ page: 1 }));
  return ctx;
}

describe('reviews', () => {
  it('caches per query with the total from x-wp-total', async () => {
    const { store } = await reviewsServer();
    const s = store.getState().reviews[REVIEWS_SCOPE];
    expect(s?.queries[stableKey({ page: 1 })]?.result).toEqual({
      ids: ['1', '2'],
      total: 57,
      totalPages: 6,
    });
  });

  it('updates with query args in the URL and fields in the body; isUpdating while in flight', async () => {
    const { store, requests } = await reviewsServer();
    const pending = store.dispatch(updateReview(1, { status: 'approved' }, { context: 'edit' }));
    expect(store.getState().reviews[REVIEWS_SCOPE]?.updating['1']).toBe(true);
    await pending;
    expect(requests.at(-1)).toMatchObject({
      method: 'PUT',
      url: '/wc-analytics/products/reviews/1?context=edit',
      body: { status: 'approved' },
    });
    expect(store.getState().reviews[REVIEWS_SCOPE]?.byId['1']?.status).toBe('approved');
    expect(store.getState().reviews[REVIEWS_SCOPE]?.updating).toEqual({});
  });

  it('a failed update rolls back and records the error', async () => {
    const { store } = await reviewsServer(true);
    await expect(store.dispatch(updateReview(1, { status: 'spam' }))).rejects.toMatchObject({
      code: 'review_error',
    });
    expect(store.getState().reviews[REVIEWS_SCOPE]?.byId['1']?.status).toBe('hold');
    expect(store.getState().reviews[REVIEWS_SCOPE]?.errors['update:1']?.message).toBe(
      'Review failure.',
    );
  });

  it('deletes a review and lowers the cached total', async () => {
    const { store } = await reviewsServer();
    await store.dispatch(deleteReview(2));
    const s = store.getState().reviews[REVIEWS_SCOPE];
    expect(s?.byId['2']).toBeUndefined();
    expect(s?.queries[stableKey({ page: 1 })]?.result).toMatchObject({ ids: ['1'], total: 56 });
  });

  it('a failed delete keeps the review and records the error', async () => {
    const { store } = await reviewsServer(true);
    await expect(store.dispatch(deleteReview(2))).rejects.toMatchObject({ status: 500 });
    expect(store.getState().reviews[REVIEWS_SCOPE]?.byId['2']).toBeDefined();
    expect(store.getState().reviews[REVIEWS_SCOPE]?.errors['delete:2']?.code).toBe('review_error');
  });
});

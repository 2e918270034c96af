// Response types per API.md §5.9 (WC v3 product reviews), until packages/api has schemas.

/** Review moderation statuses. */
export type ReviewStatus = 'approved' | 'hold' | 'spam' | 'unspam' | 'trash' | 'untrash';

/** A product review. */
export interface Review {
  readonly id: number;
  readonly date_created: string;
  readonly date_created_gmt?: string;
  readonly product_id: number;
  readonly status: ReviewStatus;
  readonly reviewer: string;
  readonly reviewer_email: string;
  readonly review: string;
  readonly rating: number;
  readonly verified: boolean;
  readonly reviewer_avatar_urls?: Readonly<Record<string, string>>;
}

/** Fields a review update may send. */
export type ReviewUpdate = Partial<
  Pick<Review, 'status' | 'review' | 'rating' | 'reviewer' | 'reviewer_email'>
>;

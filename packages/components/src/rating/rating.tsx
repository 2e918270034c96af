import { __, sprintf } from '@storelens/i18n';
import type { ReactNode } from 'react';
import { ratingText, starFills } from './stars';
import './rating.css';

/** Props of {@link Rating}. */
export interface RatingProps {
  /** The rating, e.g. 4.5. */
  rating: number;
  /** Number of stars; defaults to 5. */
  totalStars?: number;
  /** Star size in pixels; defaults to 18. */
  size?: number;
  /** Replaces the star drawing (one star, filled by CSS clipping). */
  icon?: ReactNode;
}

function Star({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
    </svg>
  );
}

/** Stars showing a rating, read as 'Rated 4 out of 5'. */
export function Rating({ rating, totalStars = 5, size = 18, icon }: RatingProps) {
  const label = sprintf(__('Rated %1$s out of %2$s'), ratingText(rating), totalStars);
  return (
    <span className="sl-rating" role="img" aria-label={label}>
      {starFills(rating, totalStars).map((fill, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: stars are positional
        <span key={i} className="sl-rating__star" style={{ width: size, height: size }}>
          <span className="sl-rating__outline">{icon ?? <Star size={size} />}</span>
          <span className="sl-rating__fill" style={{ width: `${fill * 100}%` }}>
            {icon ?? <Star size={size} />}
          </span>
        </span>
      ))}
    </span>
  );
}

/** A product's average rating. */
export function ProductRating({
  product,
  ...props
}: Omit<RatingProps, 'rating'> & { product: { average_rating?: number | string | null } }) {
  return <Rating rating={Number(product.average_rating ?? 0)} {...props} />;
}

/** A review's rating. */
export function ReviewRating({
  review,
  ...props
}: Omit<RatingProps, 'rating'> & { review: { rating?: number | string | null } }) {
  return <Rating rating={Number(review.rating ?? 0)} {...props} />;
}

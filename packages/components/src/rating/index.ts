export { ProductRating, Rating, type RatingProps, ReviewRating } from './Rating';
export { ratingText, starFills } from './stars';

export { ProductRating, Rating, type RatingProps, ReviewRating } from './rating';
export { ratingText, starFills } from './stars';

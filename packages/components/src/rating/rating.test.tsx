import { render, screen } from '@testing-library/react';
import { ProductRating, Rating, ReviewRating } from './rating';

describe('Rating', () => {
  it('has 5 stars by default and reads the rating', () => {
    const { container } = render(<Rating rating={4} />);
    expect(screen.getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(container.querySelectorAll('.sl-rating__star')).toHaveLength(5);
  });

  it('fills part of a star for a fractional rating', () => {
    const { container } = render(<Rating rating={2.5} totalStars={3} />);
    expect(screen.getByRole('img', { name: 'Rated 2.5 out of 3' })).toBeInTheDocument();
    const fills = [...container.querySelectorAll<HTMLElement>('.sl-rating__fill')].map(
      (el) => el.style.width,
    );
    expect(fills).toEqual(['100%', '100%', '50%']);
  });

  it('reads a product average rating and a review rating', () => {
    render(
      <>
        <ProductRating product={{ average_rating: '3.50' }} />
        <ReviewRating review={{ rating: 5 }} />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Rated 3.5 out of 5' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
  });
});

import type { Meta, StoryObj } from '@storybook/react-vite';
import { ProductRating, Rating, ReviewRating } from './rating';

const meta = {
  title: 'Components/Rating',
  component: Rating,
  args: { rating: 4 },
} satisfies Meta<typeof Rating>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Five stars (default). */
export const Default: Story = {};

/** A fractional rating on a larger, 10-star scale. */
export const Fractional: Story = { args: { rating: 6.5, totalStars: 10, size: 24 } };

/** The product (average rating) and review variants. */
export const Variants: Story = {
  render: () => (
    <ul>
      <li>
        Product: <ProductRating product={{ average_rating: '3.67' }} />
      </li>
      <li>
        Review: <ReviewRating review={{ rating: 5 }} />
      </li>
    </ul>
  ),
};

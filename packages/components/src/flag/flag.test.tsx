import { render, screen } from '@testing-library/react';
import { Flag } from './flag';

describe('Flag', () => {
  it('shows the emoji flag named by the country', () => {
    render(<Flag code="fr" />);
    expect(screen.getByRole('img', { name: 'France' })).toHaveTextContent('🇫🇷');
  });

  it("uses an order's billing country, else its shipping country", () => {
    render(
      <>
        <Flag order={{ billing: { country: 'JP' } }} />
        <Flag order={{ shipping: { country: 'BR' } }} />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Japan' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Brazil' })).toBeInTheDocument();
  });

  it("falls back to 'Invalid country flag' and loads no image", () => {
    const { container } = render(<Flag code="XX" />);
    expect(screen.getByRole('img', { name: 'Invalid country flag' })).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
  });
});

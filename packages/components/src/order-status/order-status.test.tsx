import { render, screen } from '@testing-library/react';
import { OrderStatus } from './order-status';

describe('OrderStatus', () => {
  it('shows the mapped label with a toned indicator', () => {
    const { container } = render(
      <OrderStatus order={{ status: 'on-hold' }} statusMap={{ 'wc-on-hold': 'On hold' }} />,
    );
    expect(screen.getByText('On hold')).toBeInTheDocument();
    expect(container.firstElementChild).toHaveClass('is-warning');
    expect(container.querySelector('.sl-order-status__indicator')).toHaveAttribute(
      'aria-hidden',
      'true',
    );
  });

  it('can put the label on the left', () => {
    const { container } = render(
      <OrderStatus order={{ status: 'completed' }} statusMap={{}} labelPositionToLeft />,
    );
    expect(screen.getByText('completed')).toBeInTheDocument();
    expect(container.firstElementChild).toHaveClass('is-label-left');
  });
});

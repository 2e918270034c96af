import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EmptyContent, type EmptyContentAction } from './empty-content';

describe('EmptyContent', () => {
  it('shows the title as a heading, the message and the illustration', () => {
    render(
      <EmptyContent
        title="No orders yet"
        message="Orders appear here once customers buy."
        illustration={<img src="data:," alt="Empty box" />}
      />,
    );
    expect(screen.getByRole('heading', { name: 'No orders yet' })).toBeInTheDocument();
    expect(screen.getByText('Orders appear here once customers buy.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Empty box' })).toBeInTheDocument();
  });

  it('shows at most two actions, the first primary', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    const actions: EmptyContentAction[] = [
      { label: 'Retry', onClick: onRetry },
      { label: 'Settings', href: 'options-general.php', hrefType: 'wp-admin' },
      { label: 'Third', onClick: () => {} },
    ];
    render(<EmptyContent title="Nothing here" actions={actions} />);
    const retry = screen.getByRole('button', { name: 'Retry' });
    expect(retry).toHaveClass('is-primary');
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveClass('is-secondary');
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/wp-admin/options-general.php',
    );
    expect(screen.queryByRole('button', { name: 'Third' })).not.toBeInTheDocument();
    await user.click(retry);
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('can go without an illustration', () => {
    const { container } = render(<EmptyContent title="Plain" illustration={null} />);
    expect(container.querySelector('svg, img')).toBeNull();
  });
});

import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { SnackbarNotice } from './notices';
import { SnackbarList } from './snackbar';

function Harness({ initial }: { initial: SnackbarNotice[] }) {
  const [notices, setNotices] = useState(initial);
  return (
    <>
      <SnackbarList
        notices={notices}
        onRemove={(id) => setNotices((list) => list.filter((n) => n.id !== id))}
      />
      <button
        type="button"
        onClick={() => setNotices((list) => [...list, { id: 'new', content: 'Report exported' }])}
      >
        Export
      </button>
    </>
  );
}

describe('SnackbarList', () => {
  afterEach(() => vi.useRealTimers());

  it('dismisses a notice after 10 seconds, not before', () => {
    vi.useFakeTimers();
    render(<Harness initial={[{ id: 'a', content: 'Settings saved' }]} />);
    act(() => vi.advanceTimersByTime(9_999));
    expect(screen.getByText('Settings saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Settings saved')).not.toBeInTheDocument();
  });

  it('keeps a notice that asks for explicit dismissal', () => {
    vi.useFakeTimers();
    render(<Harness initial={[{ id: 'a', content: 'Read me', explicitDismiss: true }]} />);
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('Read me')).toBeInTheDocument();
  });

  it("dismisses on a click anywhere and on 'Dismiss this notice'", async () => {
    const user = userEvent.setup();
    render(
      <Harness
        initial={[
          { id: 'a', content: 'First' },
          { id: 'b', content: 'Second' },
        ]}
      />,
    );
    await user.click(screen.getByText('First'));
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dismiss this notice' }));
    expect(screen.queryByText('Second')).not.toBeInTheDocument();
  });

  it('shows only the first action, runs it and dismisses', async () => {
    const user = userEvent.setup();
    const undo = vi.fn();
    render(
      <Harness
        initial={[
          {
            id: 'a',
            content: 'Product deleted',
            actions: [
              { label: 'Undo', onClick: undo },
              { label: 'View trash', url: '/trash' },
            ],
          },
        ]}
      />,
    );
    expect(screen.queryByRole('link', { name: 'View trash' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(undo).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Product deleted')).not.toBeInTheDocument();
  });

  it('renders a link action', () => {
    render(
      <Harness initial={[{ id: 'a', content: 'Done', actions: [{ label: 'Open', url: '/x' }] }]} />,
    );
    expect(screen.getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/x');
  });

  it('closes with Escape unless another widget handled it', () => {
    render(
      <Harness
        initial={[
          { id: 'a', content: 'One' },
          { id: 'b', content: 'Two' },
        ]}
      />,
    );
    const handled = new KeyboardEvent('keydown', {
      key: 'Escape',
      cancelable: true,
      bubbles: true,
    });
    handled.preventDefault();
    act(() => {
      document.dispatchEvent(handled);
    });
    expect(screen.getByText('One')).toBeInTheDocument();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByText('One')).not.toBeInTheDocument();
    expect(screen.queryByText('Two')).not.toBeInTheDocument();
  });

  it('announces notices through a polite live region present before they arrive', async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness initial={[]} />);
    const region = container.querySelector('[aria-live="polite"]');
    expect(region).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(region).toHaveTextContent('Report exported');
  });
});

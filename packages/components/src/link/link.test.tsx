import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from './link';

/** Records whether the browser would still follow a click (nothing prevented it). */
function browserFollows(): { followed: () => boolean; stop: () => void } {
  let followed = false;
  const listener = (event: Event) => {
    followed = !event.defaultPrevented;
    event.preventDefault(); // jsdom cannot navigate; stop it after recording
  };
  document.addEventListener('click', listener);
  return { followed: () => followed, stop: () => document.removeEventListener('click', listener) };
}

describe('Link', () => {
  it('builds the admin page URL for an in-app route', () => {
    render(<Link href="/analytics/revenue?period=week">Revenue</Link>);
    const href = screen.getByRole('link', { name: 'Revenue' }).getAttribute('href') ?? '';
    const url = new URL(href, 'http://shop.test');
    expect(url.pathname).toBe('/wp-admin/admin.php');
    expect(url.searchParams.get('page')).toBe('wc-admin');
    expect(url.searchParams.get('path')).toBe('/analytics/revenue');
    expect(url.searchParams.get('period')).toBe('week');
  });

  it('prefixes wp-admin paths with the admin base and leaves external URLs alone', () => {
    render(
      <>
        <Link type="wp-admin" href="edit.php?post_type=product">
          Products
        </Link>
        <Link type="external" href="https://example.com/docs" target="_blank">
          Docs
        </Link>
      </>,
    );
    expect(screen.getByRole('link', { name: 'Products' })).toHaveAttribute(
      'href',
      '/wp-admin/edit.php?post_type=product',
    );
    const docs = screen.getByRole('link', { name: 'Docs' });
    expect(docs).toHaveAttribute('href', 'https://example.com/docs');
    expect(docs).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('navigates inside the app on a plain click', async () => {
    const user = userEvent.setup();
    const onNavigate = vi.fn();
    const browser = browserFollows();
    render(
      <Link href="/customers" onNavigate={onNavigate}>
        Customers
      </Link>,
    );
    await user.click(screen.getByRole('link', { name: 'Customers' }));
    browser.stop();
    expect(onNavigate).toHaveBeenCalledWith('/wp-admin/admin.php?page=wc-admin&path=/customers');
    expect(browser.followed()).toBe(false);
  });

  it('pushes onto the admin history by default', async () => {
    const user = userEvent.setup();
    render(<Link href="/analytics/orders">Orders</Link>);
    await user.click(screen.getByRole('link', { name: 'Orders' }));
    expect(new URLSearchParams(window.location.search).get('path')).toBe('/analytics/orders');
  });

  it.each([
    ['ctrl', { ctrlKey: true }],
    ['meta', { metaKey: true }],
    ['shift', { shiftKey: true }],
    ['alt', { altKey: true }],
  ])('leaves a %s-click to the browser', (_name, modifier) => {
    const onNavigate = vi.fn();
    const browser = browserFollows();
    render(
      <Link href="/customers" onNavigate={onNavigate}>
        Customers
      </Link>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Customers' }), modifier);
    browser.stop();
    expect(onNavigate).not.toHaveBeenCalled();
    expect(browser.followed()).toBe(true);
  });

  it('never takes over wp-admin or external links', async () => {
    const user = userEvent.setup();
    const onNavigate = vi.fn();
    const browser = browserFollows();
    render(
      <Link type="wp-admin" href="edit.php" onNavigate={onNavigate}>
        Posts
      </Link>,
    );
    await user.click(screen.getByRole('link', { name: 'Posts' }));
    browser.stop();
    expect(onNavigate).not.toHaveBeenCalled();
    expect(browser.followed()).toBe(true);
  });
});

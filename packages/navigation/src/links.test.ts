import { createMemoryHistory } from 'history';
import { createAdminHistory, getHistory, setHistory } from './history';
import {
  getInAppHref,
  getLinkHref,
  handleLinkClick,
  isInAppNavigationClick,
  type LinkClickEvent,
  navigateTo,
} from './links';

function click(overrides: Partial<LinkClickEvent> = {}): LinkClickEvent {
  return {
    button: 0,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    altKey: false,
    defaultPrevented: false,
    currentTarget: null,
    preventDefault: vi.fn(),
    ...overrides,
  };
}

beforeEach(() => {
  setHistory(
    createAdminHistory(
      createMemoryHistory({
        initialEntries: ['/wp-admin/admin.php?page=wc-admin&path=/analytics/revenue'],
      }),
    ),
  );
});

afterEach(() => {
  setHistory();
  vi.unstubAllGlobals();
});

describe('getLinkHref', () => {
  it('wp-admin: the admin base in front', () => {
    expect(getLinkHref('edit.php?post_type=product', 'wp-admin')).toBe(
      '/wp-admin/edit.php?post_type=product',
    );
  });

  it('wc-admin: a route becomes the admin page with a path param (none at the root)', () => {
    expect(getLinkHref('/analytics/orders?period=week', 'wc-admin')).toBe(
      '/wp-admin/admin.php?page=wc-admin&path=/analytics/orders&period=week',
    );
    expect(getLinkHref('/', 'wc-admin')).toBe('/wp-admin/admin.php?page=wc-admin');
  });

  it('wc-admin: an admin href just gets the base', () => {
    expect(getLinkHref('admin.php?page=wc-admin&path=/customers', 'wc-admin')).toBe(
      '/wp-admin/admin.php?page=wc-admin&path=/customers',
    );
    expect(getLinkHref('/wp-admin/admin.php?page=wc-admin', 'wc-admin')).toBe(
      '/wp-admin/admin.php?page=wc-admin',
    );
  });

  it('external: unchanged', () => {
    expect(getLinkHref('https://woocommerce.com/', 'external')).toBe('https://woocommerce.com/');
  });
});

describe('isInAppNavigationClick', () => {
  it('is true for a plain left click', () => {
    expect(isInAppNavigationClick(click())).toBe(true);
  });

  it.each([
    ['ctrl', { ctrlKey: true }],
    ['meta', { metaKey: true }],
    ['shift', { shiftKey: true }],
    ['alt', { altKey: true }],
    ['middle button', { button: 1 }],
    ['right button', { button: 2 }],
    ['already handled', { defaultPrevented: true }],
    ['target _blank', { currentTarget: { target: '_blank' } }],
  ] as const)('is false with %s', (_name, overrides) => {
    expect(isInAppNavigationClick(click(overrides))).toBe(false);
  });

  it('is true for target _self', () => {
    expect(isInAppNavigationClick(click({ currentTarget: { target: '_self' } }))).toBe(true);
  });
});

describe('getInAppHref', () => {
  it('accepts this app page, relative or absolute on the same origin', () => {
    expect(getInAppHref('admin.php?page=wc-admin&path=/x')).toBe(
      '/wp-admin/admin.php?page=wc-admin&path=/x',
    );
    expect(getInAppHref('http://localhost/wp-admin/admin.php?page=wc-admin')).toBe(
      '/wp-admin/admin.php?page=wc-admin',
    );
  });

  it('rejects other pages, other screens and other origins', () => {
    expect(getInAppHref('admin.php?page=wc-settings')).toBeUndefined();
    expect(getInAppHref('edit.php?page=wc-admin')).toBeUndefined();
    expect(
      getInAppHref('https://elsewhere.example/wp-admin/admin.php?page=wc-admin'),
    ).toBeUndefined();
  });
});

describe('handleLinkClick', () => {
  it('pushes a plain click on a wc-admin link and prevents the browser navigation', () => {
    const event = click();
    expect(
      handleLinkClick(event, '/wp-admin/admin.php?page=wc-admin&path=/customers', 'wc-admin'),
    ).toBe(true);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(getHistory().location.pathname).toBe('/customers');
  });

  it('leaves modified clicks and other link kinds to the browser', () => {
    const modified = click({ metaKey: true });
    expect(
      handleLinkClick(modified, '/wp-admin/admin.php?page=wc-admin&path=/customers', 'wc-admin'),
    ).toBe(false);
    expect(modified.preventDefault).not.toHaveBeenCalled();
    const external = click();
    expect(handleLinkClick(external, 'https://woocommerce.com', 'external')).toBe(false);
    expect(handleLinkClick(click(), '/wp-admin/edit.php', 'wp-admin')).toBe(false);
    expect(getHistory().location.pathname).toBe('/analytics/revenue');
  });
});

describe('navigateTo', () => {
  it('stays inside the app for this app page', () => {
    navigateTo({ url: 'admin.php?page=wc-admin&path=/analytics/orders' });
    expect(getHistory().location.pathname).toBe('/analytics/orders');
  });

  it('loads other URLs in the window', () => {
    const assign = vi.fn();
    vi.stubGlobal('window', { location: { origin: 'http://localhost', assign } });
    navigateTo({ url: '/wp-admin/edit.php' });
    expect(assign).toHaveBeenCalledWith('/wp-admin/edit.php');
    expect(getHistory().location.pathname).toBe('/analytics/revenue');
  });
});

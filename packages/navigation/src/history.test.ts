import { createMemoryHistory } from 'history';
import { createAdminHistory, getHistory, pathFromSearch, setHistory, subscribe } from './history';

afterEach(() => setHistory());

function memory(url: string) {
  return createAdminHistory(createMemoryHistory({ initialEntries: [url] }));
}

describe('pathFromSearch', () => {
  it('reads the path param, root when missing or empty', () => {
    expect(pathFromSearch('?page=wc-admin&path=%2Fanalytics%2Frevenue')).toBe('/analytics/revenue');
    expect(pathFromSearch('?page=wc-admin&path=/customers')).toBe('/customers');
    expect(pathFromSearch('?page=wc-admin')).toBe('/');
    expect(pathFromSearch('?page=wc-admin&path=')).toBe('/');
  });
});

describe('createAdminHistory', () => {
  it('exposes the path param as the pathname and keeps the real page path', () => {
    const history = memory('/wp-admin/admin.php?page=wc-admin&path=/analytics/revenue&period=week');
    expect(history.location.pathname).toBe('/analytics/revenue');
    expect(history.location.pagePathname).toBe('/wp-admin/admin.php');
    expect(history.location.search).toBe('?page=wc-admin&path=/analytics/revenue&period=week');
  });

  it('keeps the same location object until it changes', () => {
    const history = memory('/wp-admin/admin.php?page=wc-admin');
    const first = history.location;
    expect(history.location).toBe(first);
    history.push('admin.php?page=wc-admin&path=/customers');
    expect(history.location).not.toBe(first);
  });

  it('resolves admin hrefs against the admin base on push and replace', () => {
    const history = memory('/wp-admin/admin.php?page=wc-admin');
    history.push('admin.php?page=wc-admin&path=/analytics/orders');
    expect(history.location.pagePathname).toBe('/wp-admin/admin.php');
    expect(history.location.pathname).toBe('/analytics/orders');
    history.replace('admin.php?page=wc-admin&path=/analytics/taxes');
    expect(history.location.pathname).toBe('/analytics/taxes');
    history.back();
    expect(history.location.pathname).toBe('/');
  });

  it('tells listeners about changes with admin locations, until unsubscribed', () => {
    const history = memory('/wp-admin/admin.php?page=wc-admin');
    const seen: string[] = [];
    const stop = history.listen(({ location, action }) =>
      seen.push(`${action} ${location.pathname}`),
    );
    history.push('admin.php?page=wc-admin&path=/a');
    stop();
    history.push('admin.php?page=wc-admin&path=/b');
    expect(seen).toEqual(['PUSH /a']);
  });
});

describe('getHistory / setHistory / subscribe', () => {
  it('falls back to an in-memory admin page without a window', () => {
    expect(getHistory().location.pagePathname).toBe('/wp-admin/admin.php');
    expect(getHistory().location.pathname).toBe('/');
    expect(getHistory()).toBe(getHistory());
  });

  it('uses the history it is given, and subscribe listens to it', () => {
    const history = memory('/wp-admin/admin.php?page=wc-admin&path=/x');
    setHistory(history);
    expect(getHistory()).toBe(history);
    const listener = vi.fn();
    const stop = subscribe(listener);
    history.push('admin.php?page=wc-admin&path=/y');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener.mock.calls[0]?.[0].location.pathname).toBe('/y');
    stop();
  });
});

import { createMemoryHistory } from 'history';
import { createAdminHistory, getHistory, setHistory } from './history';
import {
  getNewPath,
  getPath,
  getPersistedQuery,
  getQuery,
  persistedQueryParams,
  updateQueryString,
} from './path';
import { getSearchWords } from './search-words';

function at(url: string) {
  setHistory(createAdminHistory(createMemoryHistory({ initialEntries: [url] })));
}

afterEach(() => setHistory());

describe('getPath / getQuery', () => {
  it('read the current admin location', () => {
    at(
      '/wp-admin/admin.php?page=wc-admin&path=/analytics/revenue&period=week&compare=previous_year',
    );
    expect(getPath()).toBe('/analytics/revenue');
    expect(getQuery()).toEqual({
      page: 'wc-admin',
      path: '/analytics/revenue',
      period: 'week',
      compare: 'previous_year',
    });
  });

  it('a missing path reads as the root', () => {
    at('/wp-admin/admin.php?page=wc-admin');
    expect(getPath()).toBe('/');
  });
});

describe('getNewPath', () => {
  it('builds the admin href with the default page and the path', () => {
    expect(getNewPath({ period: 'week' }, '/analytics/revenue', {})).toBe(
      'admin.php?page=wc-admin&path=/analytics/revenue&period=week',
    );
  });

  it('leaves the path out at the root (and for an empty path)', () => {
    expect(getNewPath({ period: 'week' }, '/', {})).toBe('admin.php?page=wc-admin&period=week');
    expect(getNewPath({}, '', {})).toBe('admin.php?page=wc-admin');
  });

  it('merges the current query under the new one; undefined removes a param', () => {
    expect(
      getNewPath({ period: 'month', compare: undefined }, '/analytics/orders', {
        period: 'week',
        compare: 'previous_year',
        interval: 'day',
      }),
    ).toBe('admin.php?page=wc-admin&path=/analytics/orders&period=month&interval=day');
  });

  it("ignores the current query's own page and path", () => {
    expect(getNewPath({}, '/', { page: 'other', path: '/old', chartType: 'bar' })).toBe(
      'admin.php?page=wc-admin&chartType=bar',
    );
  });

  it('takes another page value', () => {
    expect(getNewPath({}, '/settings', {}, 'wc-settings')).toBe(
      'admin.php?page=wc-settings&path=/settings',
    );
  });

  it('writes filter arrays in bracket form', () => {
    expect(getNewPath({ attribute_is: [['1', '2']] }, '/analytics/orders', {})).toBe(
      'admin.php?page=wc-admin&path=/analytics/orders&attribute_is[0][0]=1&attribute_is[0][1]=2',
    );
  });

  it('defaults to the current path and query', () => {
    at('/wp-admin/admin.php?page=wc-admin&path=/analytics/revenue&period=week');
    expect(getNewPath({ interval: 'day' })).toBe(
      'admin.php?page=wc-admin&path=/analytics/revenue&period=week&interval=day',
    );
  });
});

describe('updateQueryString', () => {
  it('pushes the new path onto the history', () => {
    at('/wp-admin/admin.php?page=wc-admin&path=/analytics/revenue&period=week');
    updateQueryString({ chartType: 'bar' });
    expect(getHistory().action).toBe('PUSH');
    expect(getPath()).toBe('/analytics/revenue');
    expect(getQuery()).toMatchObject({ period: 'week', chartType: 'bar' });
    updateQueryString({}, '/analytics/orders', {});
    expect(getPath()).toBe('/analytics/orders');
    expect(getQuery().period).toBeUndefined();
  });
});

describe('getPersistedQuery', () => {
  it('keeps only period, compare, before, after, interval and type', () => {
    expect(persistedQueryParams).toEqual([
      'period',
      'compare',
      'before',
      'after',
      'interval',
      'type',
    ]);
    expect(
      getPersistedQuery({
        page: 'wc-admin',
        path: '/analytics/revenue',
        period: 'custom',
        compare: 'previous_period',
        after: '2024-05-01',
        before: '2024-05-31',
        interval: 'week',
        type: 'bar',
        orderby: 'date',
        products: '1,2',
      }),
    ).toEqual({
      period: 'custom',
      compare: 'previous_period',
      after: '2024-05-01',
      before: '2024-05-31',
      interval: 'week',
      type: 'bar',
    });
  });

  it('reads the current query by default', () => {
    at('/wp-admin/admin.php?page=wc-admin&period=year&search=x');
    expect(getPersistedQuery()).toEqual({ period: 'year' });
  });
});

describe('getSearchWords default', () => {
  it('reads the current query', () => {
    at('/wp-admin/admin.php?page=wc-admin&search=cap,belt');
    expect(getSearchWords()).toEqual(['cap', 'belt']);
  });
});

import { describe, expect, it } from 'vitest';
import { allRowsOnPage, exportArgs } from './export';

describe('CSV path choice', () => {
  it('writes in the browser only when every row is on the page', () => {
    expect(allRowsOnPage(12, 12)).toBe(true);
    expect(allRowsOnPage(25, 26)).toBe(false);
  });

  it('asks the export job for every page of the same query', () => {
    expect(
      exportArgs({ orderby: 'date', order: 'desc', page: 3, per_page: 25, status_is: 'completed' }),
    ).toEqual({ orderby: 'date', order: 'desc', status_is: 'completed' });
  });
});

import { labelsInIdOrder } from './use-search-labels';

describe('labelsInIdOrder', () => {
  it('follows the ids order and falls back to the id as label', () => {
    expect(
      labelsInIdOrder(
        ['3', '1', '9'],
        [
          { key: '1', label: 'Beanie' },
          { key: '3', label: 'Hoodie' },
        ],
      ),
    ).toEqual([
      { key: '3', label: 'Hoodie' },
      { key: '1', label: 'Beanie' },
      { key: '9', label: '9' },
    ]);
  });
});

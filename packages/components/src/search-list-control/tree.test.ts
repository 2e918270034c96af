import { filterPlaced, placeItems } from './tree';
import type { SearchListItem } from './types';

const flat: SearchListItem[] = [
  { id: 3, name: 'Hoodies', parent: 1, count: 3 },
  { id: 1, name: 'Clothing', parent: 0, count: 14 },
  { id: 2, name: 'Accessories', count: 5 },
  { id: 4, name: 'Zip hoodies', parent: 3 },
];

describe('placeItems', () => {
  it('puts parents before children with depth and ancestors', () => {
    expect(placeItems(flat).map((p) => [p.item.name, p.depth, p.breadcrumbs.join(' › ')])).toEqual([
      ['Clothing', 0, ''],
      ['Hoodies', 1, 'Clothing'],
      ['Zip hoodies', 2, 'Clothing › Hoodies'],
      ['Accessories', 0, ''],
    ]);
  });

  it('reads nested children too', () => {
    const nested: SearchListItem[] = [
      {
        id: 1,
        name: 'Music',
        children: [
          { id: 2, name: 'Albums' },
          { id: 3, name: 'Singles' },
        ],
      },
    ];
    expect(placeItems(nested).map((p) => `${p.depth}:${p.item.name}`)).toEqual([
      '0:Music',
      '1:Albums',
      '1:Singles',
    ]);
  });

  it('treats an unknown parent as top level and prefers given breadcrumbs', () => {
    const items: SearchListItem[] = [{ id: 9, name: 'Orphan', parent: 99, breadcrumbs: ['Gone'] }];
    expect(placeItems(items)).toEqual([{ item: items[0], depth: 0, breadcrumbs: ['Gone'] }]);
  });

  it('cuts cycles', () => {
    const loop: SearchListItem[] = [
      { id: 1, name: 'A', children: [{ id: 2, name: 'B', children: [] }] },
      { id: 2, name: 'B', parent: 1 },
    ];
    expect(placeItems(loop).map((p) => p.item.name)).toEqual(['A', 'B']);
  });
});

describe('filterPlaced', () => {
  it('keeps matching names, case-insensitive', () => {
    expect(filterPlaced(placeItems(flat), 'HOOD').map((p) => p.item.name)).toEqual([
      'Hoodies',
      'Zip hoodies',
    ]);
  });

  it('keeps all for blank text', () => {
    expect(filterPlaced(placeItems(flat), ' ')).toHaveLength(4);
  });
});

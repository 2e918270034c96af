import {
  type ColumnStorage,
  columnStorageKey,
  defaultHiddenColumns,
  readHiddenColumns,
  toggleHidden,
  writeHiddenColumns,
} from './column-visibility';
import type { TableHeader } from './types';

const headers: TableHeader[] = [
  { key: 'date', label: 'Date', required: true, hiddenByDefault: true },
  { key: 'orders', label: 'Orders' },
  { key: 'tax', label: 'Tax', hiddenByDefault: true },
];

function memoryStorage(initial: Record<string, string> = {}): ColumnStorage & {
  data: Record<string, string>;
} {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => data[key] ?? null,
    setItem: (key, value) => {
      data[key] = value;
    },
  };
}

describe('column visibility', () => {
  it('hides hiddenByDefault columns but never required ones', () => {
    expect([...defaultHiddenColumns(headers)]).toEqual(['tax']);
  });

  it('remembers choices per report id', () => {
    const storage = memoryStorage();
    writeHiddenColumns(storage, 'revenue', headers, new Set(['orders']));
    expect(readHiddenColumns(storage, 'revenue', headers)).toEqual(new Set(['orders']));
    expect(readHiddenColumns(storage, 'orders', headers)).toEqual(new Set(['tax']));
    expect(Object.keys(storage.data)).toEqual([columnStorageKey('revenue')]);
  });

  it('falls back to the defaults for unreadable or foreign data', () => {
    for (const raw of ['{not json', '[1,2]', '"x"', '{"tax": "yes"}']) {
      const storage = memoryStorage({ [columnStorageKey('r')]: raw });
      expect(readHiddenColumns(storage, 'r', headers)).toEqual(new Set(['tax']));
    }
  });

  it('never hides a required column even if storage says so', () => {
    const storage = memoryStorage({ [columnStorageKey('r')]: '{"date": false}' });
    expect(readHiddenColumns(storage, 'r', headers).has('date')).toBe(false);
  });

  it('keeps new columns at their default when the saved choices predate them', () => {
    const storage = memoryStorage({ [columnStorageKey('r')]: '{"orders": false}' });
    expect(readHiddenColumns(storage, 'r', headers)).toEqual(new Set(['tax', 'orders']));
  });

  it('survives a storage that throws', () => {
    const broken: ColumnStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(() => writeHiddenColumns(broken, 'r', headers, new Set())).not.toThrow();
  });

  it('toggles columns but keeps required ones shown', () => {
    expect(toggleHidden(new Set(), headers[1]!)).toEqual(new Set(['orders']));
    expect(toggleHidden(new Set(['orders']), headers[1]!)).toEqual(new Set());
    expect(toggleHidden(new Set(), headers[0]!)).toEqual(new Set());
  });
});

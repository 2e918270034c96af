import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type ActiveFilter,
  type FilterQueryConfigs,
  type FilterValue,
  flattenFilters,
  getActiveFiltersFromQuery,
  getDefaultOptionValue,
  getQueryFromActiveFilters,
  getUrlKey,
  isEmptyFilterValue,
} from './filters';

const config: FilterQueryConfigs = {
  status: {
    rules: [
      { value: 'is', label: 'Is' },
      { value: 'is_not', label: 'Is Not' },
    ],
  },
  attribute: {
    allowMultiple: true,
    rules: [
      { value: 'is', label: 'Is' },
      { value: 'is_not', label: 'Is Not' },
    ],
  },
  customer_type: {},
  registered: {
    rules: [
      { value: 'before', label: 'Before' },
      { value: 'after', label: 'After' },
      { value: 'between', label: 'Between' },
    ],
  },
  tag: { allowMultiple: true },
};

/** Drops keys whose value is undefined, to compare what a URL would hold. */
function defined(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));
}

describe('getUrlKey', () => {
  it('joins key and rule with an underscore', () => {
    expect(getUrlKey('status', 'is_not')).toBe('status_is_not');
  });
  it('is the key alone without a rule', () => {
    expect(getUrlKey('customer_type')).toBe('customer_type');
    expect(getUrlKey('customer_type', '')).toBe('customer_type');
  });
});

describe('isEmptyFilterValue', () => {
  it.each([
    [undefined, true],
    ['', true],
    [[], true],
    [['1', ''], true],
    [['', '2'], true],
    ['0', false],
    [['1', '2'], false],
  ] as const)('%j → %s', (value, empty) => {
    expect(isEmptyFilterValue(value as FilterValue | undefined)).toBe(empty);
  });
});

describe('getActiveFiltersFromQuery', () => {
  it('reads key_rule params for filters with rules', () => {
    expect(getActiveFiltersFromQuery({ status_is_not: 'failed' }, config)).toEqual([
      { key: 'status', rule: 'is_not', value: 'failed' },
    ]);
  });

  it('reads the bare key for filters without rules', () => {
    expect(getActiveFiltersFromQuery({ customer_type: 'new' }, config)).toEqual([
      { key: 'customer_type', rule: undefined, value: 'new' },
    ]);
  });

  it('takes only the first rule of a single-instance filter', () => {
    expect(
      getActiveFiltersFromQuery({ status_is_not: 'failed', status_is: 'completed' }, config),
    ).toEqual([{ key: 'status', rule: 'is', value: 'completed' }]);
  });

  it('reads one filter per array item for filters allowing multiples, with instances', () => {
    const query = {
      attribute_is: [
        ['1', '10'],
        ['2', '20'],
      ],
      attribute_is_not: [['3', '30']],
    };
    expect(getActiveFiltersFromQuery(query, config)).toEqual([
      { key: 'attribute', rule: 'is', value: ['1', '10'], instance: 1 },
      { key: 'attribute', rule: 'is', value: ['2', '20'], instance: 2 },
      { key: 'attribute', rule: 'is_not', value: ['3', '30'], instance: 3 },
    ]);
  });

  it('treats a lone value of a multiple filter as one instance', () => {
    expect(getActiveFiltersFromQuery({ tag: 'red' }, config)).toEqual([
      { key: 'tag', rule: undefined, value: 'red', instance: 1 },
    ]);
  });

  it('keeps a between pair as one value', () => {
    expect(
      getActiveFiltersFromQuery({ registered_between: ['2024-01-01', '2024-02-01'] }, config),
    ).toEqual([{ key: 'registered', rule: 'between', value: ['2024-01-01', '2024-02-01'] }]);
  });

  it('ignores params that belong to no filter, empty values and malformed values', () => {
    expect(
      getActiveFiltersFromQuery(
        {
          period: 'month',
          status_maybe: 'x',
          status_is: '',
          customer_type: 5,
          registered_after: { a: 1 },
          tag: ['', 'blue'],
        },
        config,
      ),
    ).toEqual([{ key: 'tag', rule: undefined, value: 'blue', instance: 1 }]);
  });
});

describe('getQueryFromActiveFilters', () => {
  it('writes key_rule params, and the bare key without a rule', () => {
    const filters: ActiveFilter[] = [
      { key: 'status', rule: 'is', value: 'completed' },
      { key: 'customer_type', value: 'returning' },
    ];
    expect(getQueryFromActiveFilters(filters, {}, config)).toEqual({
      status_is: 'completed',
      customer_type: 'returning',
    });
  });

  it('collects filters allowing multiples into arrays per query key', () => {
    const filters: ActiveFilter[] = [
      { key: 'attribute', rule: 'is', value: ['1', '10'] },
      { key: 'attribute', rule: 'is_not', value: ['3', '30'] },
      { key: 'attribute', rule: 'is', value: ['2', '20'] },
    ];
    expect(getQueryFromActiveFilters(filters, {}, config)).toEqual({
      attribute_is: [
        ['1', '10'],
        ['2', '20'],
      ],
      attribute_is_not: [['3', '30']],
    });
  });

  it('writes a single filter allowing multiples as a one-item array', () => {
    expect(getQueryFromActiveFilters([{ key: 'tag', value: 'red' }], {}, config)).toEqual({
      tag: ['red'],
    });
  });

  it('sets every filter param of the current query to undefined so it is removed', () => {
    const query = { period: 'month', status_is: 'completed', registered_before: '2024-01-01' };
    expect(
      getQueryFromActiveFilters([{ key: 'status', rule: 'is_not', value: 'x' }], query, config),
    ).toEqual({ status_is: undefined, registered_before: undefined, status_is_not: 'x' });
  });

  it('drops a between rule with a missing or empty end, or a single value', () => {
    const filters: ActiveFilter[] = [
      { key: 'registered', rule: 'between', value: ['2024-01-01', ''] },
      { key: 'registered', rule: 'between', value: ['2024-01-01'] },
      { key: 'registered', rule: 'between', value: '2024-01-01' },
    ];
    for (const filter of filters) {
      expect(getQueryFromActiveFilters([filter], {}, config)).toEqual({});
    }
    expect(
      getQueryFromActiveFilters(
        [{ key: 'registered', rule: 'between', value: ['2024-01-01', '2024-02-01'] }],
        {},
        config,
      ),
    ).toEqual({ registered_between: ['2024-01-01', '2024-02-01'] });
  });

  it('drops empty values', () => {
    const filters: ActiveFilter[] = [
      { key: 'status', rule: 'is', value: '' },
      { key: 'attribute', rule: 'is', value: ['1', ''] },
      { key: 'tag', value: [] },
    ];
    expect(getQueryFromActiveFilters(filters, {}, config)).toEqual({});
  });
});

// Arbitrary queries made only of well-formed filter params, at most one rule per single filter.
const text = fc.string({ minLength: 1, maxLength: 8 });
const pair = fc.tuple(text, text);
const filterQuery = fc
  .record(
    {
      status: fc.tuple(fc.constantFrom('is', 'is_not'), text),
      attribute_is: fc.array(pair, { minLength: 1, maxLength: 3 }),
      attribute_is_not: fc.array(pair, { minLength: 1, maxLength: 3 }),
      customer_type: text,
      registered: fc.oneof(
        fc.tuple(fc.constantFrom('before', 'after'), text),
        fc.tuple(fc.constant('between'), pair),
      ),
      tag: fc.array(text, { minLength: 1, maxLength: 3 }),
      period: text,
    },
    { requiredKeys: [] },
  )
  .map(({ status, registered, ...rest }) => {
    const query: Record<string, unknown> = { ...rest };
    if (status) query[`status_${status[0]}`] = status[1];
    if (registered) query[`registered_${registered[0]}`] = registered[1];
    return query;
  });

describe('round trips', () => {
  it('query → filters → query gives back the filter params', () => {
    fc.assert(
      fc.property(filterQuery, (query) => {
        const filters = getActiveFiltersFromQuery(query, config);
        const { period: _period, ...filterParams } = query;
        expect(defined(getQueryFromActiveFilters(filters, query, config))).toEqual(filterParams);
      }),
    );
  });

  it('filters → query → filters keeps every filter', () => {
    fc.assert(
      fc.property(filterQuery, (query) => {
        const filters = getActiveFiltersFromQuery(query, config);
        const again = getActiveFiltersFromQuery(
          getQueryFromActiveFilters(filters, {}, config),
          config,
        );
        expect(again).toEqual(filters);
      }),
    );
  });
});

describe('getDefaultOptionValue', () => {
  const options = [
    { value: 'new', label: 'New' },
    { value: 'returning', label: 'Returning' },
  ];
  afterEach(() => vi.restoreAllMocks());

  it('returns the default option when it is one of the options', () => {
    expect(getDefaultOptionValue({ input: { defaultOption: 'returning' } }, options)).toBe(
      'returning',
    );
  });

  it('returns the first option without a default', () => {
    expect(getDefaultOptionValue({ input: {} }, options)).toBe('new');
    expect(getDefaultOptionValue({ input: {} }, [])).toBeUndefined();
  });

  it('warns and returns undefined for an invalid default option', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(
      getDefaultOptionValue(
        { labels: { add: 'Customer type' }, input: { defaultOption: 'vip' } },
        options,
      ),
    ).toBeUndefined();
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]?.[0]).toContain('vip');
    expect(warn.mock.calls[0]?.[0]).toContain('Customer type');
  });

  it('does not warn for a valid default option', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    getDefaultOptionValue({ input: { defaultOption: 'new' } }, options);
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('flattenFilters', () => {
  it('lists parents before their children, without subFilters', () => {
    const filters = [
      { value: 'all', label: 'All' },
      {
        value: 'product',
        label: 'Product',
        subFilters: [
          { value: 'single', label: 'Single' },
          { value: 'compare', label: 'Compare', subFilters: [{ value: 'deep', label: 'Deep' }] },
        ],
      },
      { value: 'advanced', label: 'Advanced' },
    ];
    const flat = flattenFilters(filters);
    expect(flat.map((filter) => filter.value)).toEqual([
      'all',
      'product',
      'single',
      'compare',
      'deep',
      'advanced',
    ]);
    expect(flat.every((filter) => !('subFilters' in filter))).toBe(true);
  });

  it('keeps every filter exactly once', () => {
    type Tree = { value: string; subFilters?: Tree[] };
    const tree: fc.Arbitrary<Tree[]> = fc.letrec<{ list: Tree[]; node: Tree }>((tie) => ({
      list: fc.array(tie('node'), { maxLength: 3 }),
      node: fc.record(
        { value: fc.uuid(), subFilters: fc.oneof({ depthSize: 'small' }, tie('list')) },
        { requiredKeys: ['value'] },
      ),
    })).list;
    const count = (list: Tree[]): number =>
      list.reduce((sum, node) => sum + 1 + count(node.subFilters ?? []), 0);
    fc.assert(
      fc.property(tree, (filters) => {
        expect(flattenFilters(filters)).toHaveLength(count(filters));
      }),
    );
  });
});

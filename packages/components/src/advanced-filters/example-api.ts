import { type ApiFetch, productsAutocompleter } from '../search';
import type { SearchOption } from '../search-select';

type Row = Readonly<Record<string, unknown>>;

/** Records of a small shop, as the picker endpoints return them (stories and tests). */
export const exampleStore: Readonly<Record<string, readonly Row[]>> = {
  products: [
    { id: 11, name: 'Beanie', sku: 'woo-beanie', images: [] },
    { id: 12, name: 'Hoodie with Logo', sku: 'woo-hoodie-logo', images: [] },
    { id: 13, name: 'Sunglasses', sku: 'woo-sunglasses', images: [] },
  ],
  coupons: [
    { id: 21, code: 'summer10' },
    { id: 22, code: 'freeship' },
  ],
  taxes: [
    { id: 31, country: 'US', state: 'CA', name: 'State Tax', priority: 1 },
    { id: 32, country: 'GB', state: '', name: 'VAT', priority: 1 },
  ],
  customers: [
    { id: 41, name: 'Ada Lovelace', email: 'ada@example.com', username: 'ada' },
    { id: 42, name: 'Grace Hopper', email: 'grace@example.com', username: 'grace' },
  ],
  'data/countries': [
    { code: 'US', name: 'United States (US)', states: [] },
    { code: 'GB', name: 'United Kingdom (UK)', states: [] },
    { code: 'DE', name: 'Germany', states: [] },
  ],
  'products/attributes': [
    { id: 1, name: 'Color', slug: 'pa_color' },
    { id: 2, name: 'Size', slug: 'pa_size' },
  ],
  'products/attributes/1/terms': [
    { id: 101, name: 'Red', slug: 'red' },
    { id: 102, name: 'Blue', slug: 'blue' },
  ],
  'products/attributes/2/terms': [
    { id: 201, name: 'Small', slug: 'small' },
    { id: 202, name: 'Large', slug: 'large' },
  ],
};

/** Whether a record matches a search text on any of its text fields. */
function matches(row: Row, text: string): boolean {
  const needle = text.toLowerCase();
  return Object.values(row).some(
    (value) => typeof value === 'string' && value.toLowerCase().includes(needle),
  );
}

/**
 * A fake REST fetcher over `exampleStore`: collection paths honour `search`, `code`, `number`
 * and `include`; `/{collection}/{id}` returns one record. Anything else fails like a 404.
 */
export function createExampleApiFetch(store = exampleStore): ApiFetch {
  return async (path) => {
    const [rawPath = '', search = ''] = path.split('?');
    const route = rawPath.replace(/^\/wc-analytics\//, '');
    const params = new URLSearchParams(search);
    const collection = store[route];
    if (collection) {
      const include = params.get('include')?.split(',');
      const text = params.get('search') ?? params.get('code') ?? params.get('number') ?? '';
      return collection.filter(
        (row) => (!include || include.includes(String(row.id))) && (!text || matches(row, text)),
      );
    }
    const single = /^(.*)\/([^/]+)$/.exec(route);
    const item = single
      ? store[single[1] ?? '']?.find((row) => String(row.id) === single[2])
      : undefined;
    if (item) return item;
    throw new Error(`No route ${path}`);
  };
}

/** Product labels for comma-separated ids, read from `exampleStore` (a compare card's getLabels). */
export function exampleProductLabels(value: string): Promise<SearchOption[]> {
  return productsAutocompleter({ variableOnly: false }).getLabels(value.split(','), {
    apiFetch: createExampleApiFetch(),
  });
}

import { type ApiFetch, ApiFetchError } from './api-fetch';
import { taxCode } from './autocompleters/taxes';
import type { JsonRecord } from './records';

/** A coloured square as an image URL, so demo products have thumbnails without a network. */
function swatch(colour: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="66" height="66"><rect width="66" height="66" fill="${colour}"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

const products: JsonRecord[] = [
  {
    id: 11,
    name: 'Hoodie',
    sku: 'woo-hoodie',
    type: 'variable',
    popularity: 90,
    images: [{ src: swatch('#3858e9'), alt: 'Blue hoodie' }],
  },
  {
    id: 12,
    name: 'Hoodie with Logo',
    sku: 'woo-hoodie-logo',
    type: 'simple',
    popularity: 60,
    images: [{ src: swatch('#2c5fb3'), alt: 'Hoodie with logo' }],
  },
  {
    id: 13,
    name: 'T-Shirt',
    sku: 'woo-tshirt',
    type: 'simple',
    popularity: 85,
    images: [{ src: swatch('#c9356e'), alt: 'Pink t-shirt' }],
  },
  {
    id: 14,
    name: 'Beanie',
    sku: 'woo-beanie',
    type: 'simple',
    popularity: 40,
    images: [{ src: swatch('#b26200'), alt: 'Orange beanie' }],
  },
  { id: 15, name: 'Belt', sku: 'woo-belt', type: 'simple', popularity: 20, images: [] },
  {
    id: 16,
    name: 'Cap',
    sku: 'woo-cap',
    type: 'simple',
    popularity: 55,
    images: [{ src: swatch('#f0c33c'), alt: 'Yellow cap' }],
  },
  {
    id: 17,
    name: 'Sunglasses',
    sku: 'woo-sunglasses',
    type: 'simple',
    popularity: 35,
    images: [{ src: swatch('#1e1e1e'), alt: 'Sunglasses' }],
  },
  {
    id: 18,
    name: 'V-Neck T-Shirt',
    sku: 'woo-vneck-tee',
    type: 'variable',
    popularity: 70,
    images: [{ src: swatch('#008a20'), alt: 'Green v-neck' }],
  },
  {
    id: 19,
    name: 'Polo',
    sku: 'woo-polo',
    type: 'simple',
    popularity: 25,
    images: [{ src: swatch('#6b3fa0'), alt: 'Purple polo' }],
  },
  {
    id: 20,
    name: 'Long Sleeve Tee',
    sku: 'woo-long-sleeve-tee',
    type: 'simple',
    popularity: 30,
    images: [],
  },
  {
    id: 21,
    name: 'Album &amp; Single',
    sku: 'woo-album',
    type: 'simple',
    popularity: 15,
    images: [],
  },
  {
    id: 22,
    name: 'Hoodie with Zipper',
    sku: 'woo-hoodie-zip',
    type: 'simple',
    popularity: 50,
    images: [],
  },
];

const variation = (id: number, parent: number, name: string, options: string[], sku: string) => ({
  id,
  parent_id: parent,
  name,
  sku,
  description: '',
  attributes: options.map((option, index) => ({
    id: index + 1,
    name: index === 0 ? 'Color' : 'Logo',
    option,
  })),
  image: {
    src: swatch(options[0] === 'Red' ? '#b32d2e' : options[0] === 'Green' ? '#008a20' : '#3858e9'),
    alt: '',
  },
});

const variations: JsonRecord[] = [
  variation(31, 11, 'Hoodie', ['Blue', 'Yes'], 'woo-hoodie-blue-logo'),
  variation(32, 11, 'Hoodie', ['Blue', 'No'], 'woo-hoodie-blue'),
  variation(33, 11, 'Hoodie', ['Green', 'No'], 'woo-hoodie-green'),
  variation(34, 11, 'Hoodie', ['Red', 'No'], 'woo-hoodie-red'),
  variation(35, 18, 'V-Neck T-Shirt', ['Red'], 'woo-vneck-tee-red'),
  variation(36, 18, 'V-Neck T-Shirt', ['Green'], 'woo-vneck-tee-green'),
  variation(37, 18, 'V-Neck T-Shirt', ['Blue'], 'woo-vneck-tee-blue'),
];

const categories: JsonRecord[] = [
  { id: 1, name: 'Clothing', count: 14 },
  { id: 2, name: 'Accessories', count: 5 },
  { id: 3, name: 'Hoodies', count: 3 },
  { id: 4, name: 'Tshirts', count: 5 },
  { id: 5, name: 'Music', count: 2 },
  { id: 6, name: 'Decor', count: 1 },
];

const attributes: JsonRecord[] = [
  { id: 1, name: 'Color', slug: 'pa_color' },
  { id: 2, name: 'Size', slug: 'pa_size' },
  { id: 'logo', name: 'Logo', slug: 'logo' },
];

const terms: Readonly<Record<string, JsonRecord[]>> = {
  '1': ['Blue', 'Green', 'Red', 'Gray', 'Yellow'].map((name, index) => ({
    id: 100 + index,
    name,
    slug: name.toLowerCase(),
  })),
  '2': ['Small', 'Medium', 'Large', 'X-Large'].map((name, index) => ({
    id: 200 + index,
    name,
    slug: name.toLowerCase(),
  })),
  logo: ['Yes', 'No'].map((name) => ({ id: name, name, slug: name })),
};

const countries: JsonRecord[] = [
  ['AU', 'Australia'],
  ['AT', 'Austria'],
  ['BE', 'Belgium'],
  ['BR', 'Brazil'],
  ['CA', 'Canada'],
  ['CI', 'C&ocirc;te d&#039;Ivoire'],
  ['DE', 'Germany'],
  ['ES', 'Spain'],
  ['FR', 'France'],
  ['GB', 'United Kingdom (UK)'],
  ['IE', 'Ireland'],
  ['IN', 'India'],
  ['JP', 'Japan'],
  ['NP', 'Nepal'],
  ['NZ', 'New Zealand'],
  ['US', 'United States (US)'],
].map(([code, name]) => ({ code, name, states: [] }));

const coupons: JsonRecord[] = [
  'summer10',
  'freeshipping',
  'welcome5',
  'blackfriday',
  'summer-vip',
].map((code, index) => ({ id: 51 + index, code }));

const customers: JsonRecord[] = [
  [61, 'Jane Doe', 'jane@example.com', 'janed'],
  [62, 'John Smith', 'john.smith@example.org', 'jsmith'],
  [63, 'Aiko Tanaka', 'aiko@example.jp', 'aiko'],
  [64, 'Priya Shrestha', 'priya@example.com.np', 'priya.s'],
  [65, 'Luis García', 'luis@example.es', 'lgarcia'],
  [66, 'Janet Jones', 'janet@example.com', 'jjones'],
].map(([id, name, email, username]) => ({ id, name, email, username }));

const ips = [
  '192.168.0.10',
  '192.168.0.23',
  '192.168.1.4',
  '10.0.0.7',
  '10.0.12.200',
  '172.16.5.9',
];

const orders: JsonRecord[] = [1041, 1042, 1043, 1050, 1051, 1104, 1200, 2001].map((number) => ({
  id: number,
  number: String(number),
}));

const taxes: JsonRecord[] = [
  { id: 71, country: 'US', state: 'CA', name: 'State Tax', priority: 1 },
  { id: 72, country: 'US', state: 'NY', name: 'State Tax', priority: 1 },
  { id: 73, country: 'GB', state: '', name: 'VAT', priority: 1 },
  { id: 74, country: 'DE', state: '', name: 'MwSt', priority: 1 },
  { id: 75, country: '', state: '', name: 'Reduced Rate', priority: 2 },
];

/** The demo records the fake fetcher answers with, by collection. */
export const fakeRecords = {
  products,
  variations,
  categories,
  attributes,
  terms,
  countries,
  coupons,
  customers,
  ips,
  orders,
  taxes,
} as const;

function contains(haystack: unknown, needle: string): boolean {
  return String(haystack ?? '')
    .toLowerCase()
    .includes(needle.toLowerCase());
}

function page(records: JsonRecord[], params: URLSearchParams): JsonRecord[] {
  const include = params.get('include');
  const included = include
    ? records.filter((record) => include.split(',').includes(String(record.id)))
    : records;
  const perPage = Number(params.get('per_page') ?? '10');
  return included.slice(0, perPage > 0 ? perPage : 10);
}

function bySearch(records: JsonRecord[], params: URLSearchParams, fields: string[]): JsonRecord[] {
  const search = params.get('search');
  if (!search) return records;
  return records.filter((record) => fields.some((name) => contains(record[name], search)));
}

function answer(path: string): unknown {
  const url = new URL(path, 'http://fake.invalid');
  const route = url.pathname;
  const params = url.searchParams;
  if (route === '/wc-analytics/products') {
    let list = bySearch(products, params, ['name', 'sku']);
    if (params.get('type')) list = list.filter((p) => p.type === params.get('type'));
    if (params.get('orderby') === 'popularity') {
      list = [...list].sort((a, b) => Number(b.popularity) - Number(a.popularity));
    }
    return page(list, params);
  }
  const scoped = /^\/wc-analytics\/products\/(\d+)\/variations$/.exec(route);
  if (scoped || route === '/wc-analytics/variations') {
    const own = scoped ? variations.filter((v) => String(v.parent_id) === scoped[1]) : variations;
    const search = params.get('search') ?? '';
    return page(
      own.filter(
        (v) =>
          search === '' ||
          contains(v.name, search) ||
          contains(v.sku, search) ||
          (Array.isArray(v.attributes) &&
            v.attributes.some((a: unknown) => contains(JSON.stringify(a), search))),
      ),
      params,
    );
  }
  if (route === '/wc-analytics/products/categories') {
    return page(bySearch(categories, params, ['name']), params);
  }
  if (route === '/wc-analytics/products/attributes') {
    return page(bySearch(attributes, params, ['name']), params);
  }
  const attribute = /^\/wc-analytics\/products\/attributes\/([^/]+)(\/terms)?$/.exec(route);
  if (attribute) {
    const id = decodeURIComponent(attribute[1] ?? '');
    if (attribute[2]) return page(terms[id] ?? [], params);
    const found = attributes.find((a) => String(a.id) === id);
    if (!found)
      throw new ApiFetchError(404, 'woocommerce_rest_term_invalid', 'Resource does not exist.');
    return found;
  }
  if (route === '/wc-analytics/data/countries') return countries;
  if (route === '/wc-analytics/coupons') return page(bySearch(coupons, params, ['code']), params);
  if (route === '/wc-analytics/customers') {
    return page(bySearch(customers, params, [params.get('searchby') ?? 'name']), params);
  }
  if (route === '/wc-analytics/data/download-ips') {
    const match = params.get('match');
    if (!match) {
      throw new ApiFetchError(
        400,
        'woocommerce_rest_data_download_ips_invalid_request',
        'Invalid request.',
      );
    }
    return ips
      .filter((ip) => ip.startsWith(match))
      .slice(0, 10)
      .map((ip) => ({ user_ip_address: ip }));
  }
  if (route === '/wc-analytics/orders') {
    const number = params.get('number') ?? '';
    return page(
      orders.filter((o) => String(o.number).startsWith(number)),
      params,
    );
  }
  if (route === '/wc-analytics/taxes') {
    const code = params.get('code') ?? params.get('search') ?? '';
    return page(
      taxes.filter((t) => contains(taxCode(t), code)),
      params,
    );
  }
  throw new ApiFetchError(
    404,
    'rest_no_route',
    'No route was found matching the URL and request method.',
  );
}

/**
 * A fake ApiFetch over realistic demo records (a clothing shop), answering the picker endpoints
 * the way the server does, after `delayMs`. For stories and tests; honours the abort signal.
 */
export function createFakeApiFetch({ delayMs = 0 }: { delayMs?: number } = {}): ApiFetch {
  return (path, init) =>
    new Promise((resolve, reject) => {
      const signal = init?.signal;
      const finish = () => {
        try {
          resolve(answer(path));
        } catch (error) {
          reject(error);
        }
      };
      if (delayMs <= 0) {
        finish();
        return;
      }
      const timer = setTimeout(finish, delayMs);
      signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new DOMException('Aborted', 'AbortError'));
      });
    });
}

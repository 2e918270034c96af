import {
  attributesAutocompleter,
  attributeTermsAutocompleter,
  categoriesAutocompleter,
  countriesAutocompleter,
  couponsAutocompleter,
  customersAutocompleter,
  downloadIpsAutocompleter,
  ordersAutocompleter,
  productsAutocompleter,
  taxCode,
  taxesAutocompleter,
  variationsAutocompleter,
  variationsPath,
  variationTitle,
} from './autocompleters';
import { createFakeApiFetch } from './fake-api-fetch';
import type { Autocompleter } from './types';

function recording() {
  const apiFetch = vi.fn(createFakeApiFetch());
  return { apiFetch, paths: () => apiFetch.mock.calls.map(([path]) => path) };
}

async function search(autocompleter: Autocompleter, query: string) {
  const { apiFetch, paths } = recording();
  const options = await autocompleter.search(query, { apiFetch });
  return { options, labels: options.map((o) => o.label), paths: paths() };
}

async function labels(autocompleter: Autocompleter, ids: string[]) {
  const { apiFetch, paths } = recording();
  const options = await autocompleter.getLabels(ids, { apiFetch });
  return { labels: options.map((o) => `${o.key}:${o.label}`), paths: paths() };
}

describe('autocompleters', () => {
  it('products: search, 10 per page, by popularity; SKU as keyword', async () => {
    const result = await search(productsAutocompleter(), 'hood');
    expect(result.paths).toEqual([
      '/wc-analytics/products?search=hood&per_page=10&orderby=popularity',
    ]);
    expect(result.labels).toEqual(['Hoodie', 'Hoodie with Logo', 'Hoodie with Zipper']);
    expect(result.options[0]?.keywords).toEqual(['woo-hoodie']);
    expect(result.options[0]?.key).toBe('11');
  });

  it('products: only variable products when asked', async () => {
    const result = await search(productsAutocompleter({ variableOnly: true }), 'e');
    expect(result.paths[0]).toContain('&type=variable');
    expect(result.labels).toEqual(['Hoodie', 'V-Neck T-Shirt']);
  });

  it('products: labels decode HTML and come from include', async () => {
    expect(await labels(productsAutocompleter(), ['21', '13'])).toEqual({
      labels: ['13:T-Shirt', '21:Album & Single'],
      paths: ['/wc-analytics/products?include=21,13&per_page=2'],
    });
  });

  it('categories and attributes: ordered by count, 10 per page', async () => {
    expect((await search(categoriesAutocompleter, 'ho')).paths).toEqual([
      '/wc-analytics/products/categories?search=ho&per_page=10&orderby=count',
    ]);
    const attributes = await search(attributesAutocompleter, 'co');
    expect(attributes.paths).toEqual([
      '/wc-analytics/products/attributes?search=co&per_page=10&orderby=count',
    ]);
    expect(attributes.labels).toEqual(['Color']);
  });

  it('attributes: labels read from /attributes/{id}, custom slugs too', async () => {
    expect(await labels(attributesAutocompleter, ['2', 'logo'])).toEqual({
      labels: ['2:Size', 'logo:Logo'],
      paths: ['/wc-analytics/products/attributes/2', '/wc-analytics/products/attributes/logo'],
    });
  });

  it('attribute terms: 100 per page from the attribute, matched by name', async () => {
    const result = await search(attributeTermsAutocompleter(1), 'gr');
    expect(result.paths).toEqual(['/wc-analytics/products/attributes/1/terms?per_page=100']);
    expect(result.labels).toEqual(['Green', 'Gray']);
    expect((await labels(attributeTermsAutocompleter(2), ['202'])).labels).toEqual(['202:Large']);
  });

  it('countries: read once per fetcher, matched by name or code, entities decoded', async () => {
    const { apiFetch } = recording();
    const first = await countriesAutocompleter.search('ivo', { apiFetch });
    expect(first.map((o) => o.label)).toEqual(["Côte d'Ivoire"]);
    const second = await countriesAutocompleter.search('np', { apiFetch });
    expect(second.map((o) => o.key)).toEqual(['NP']);
    const named = await countriesAutocompleter.getLabels(['US'], { apiFetch });
    expect(named.map((o) => o.label)).toEqual(['United States (US)']);
    expect(apiFetch).toHaveBeenCalledTimes(1);
    expect(apiFetch).toHaveBeenCalledWith('/wc-analytics/data/countries');
  });

  it('countries: a failed load is retried next time', async () => {
    const apiFetch = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce([{ code: 'FR', name: 'France' }]);
    await expect(countriesAutocompleter.search('fr', { apiFetch })).rejects.toThrow('offline');
    const options = await countriesAutocompleter.search('fr', { apiFetch });
    expect(options.map((o) => o.label)).toEqual(['France']);
  });

  it('countries: at most 10 suggestions', async () => {
    expect((await search(countriesAutocompleter, 'a')).options.length).toBe(10);
  });

  it('coupons: search by code', async () => {
    const result = await search(couponsAutocompleter, 'summer');
    expect(result.paths).toEqual(['/wc-analytics/coupons?search=summer&per_page=10']);
    expect(result.labels).toEqual(['summer10', 'summer-vip']);
  });

  it.each([
    ['name', 'jan', ['Jane Doe', 'Janet Jones']],
    ['email', 'example.com', ['jane@example.com', 'priya@example.com.np', 'janet@example.com']],
    ['username', 'j', ['janed', 'jsmith', 'jjones']],
  ] as const)('customers by %s: searchby and label follow it', async (by, query, expected) => {
    const result = await search(customersAutocompleter(by), query);
    expect(result.paths).toEqual([
      `/wc-analytics/customers?search=${encodeURIComponent(query)}&searchby=${by}&per_page=10`,
    ]);
    expect(result.labels).toEqual(expected);
  });

  it('customers: labels from include', async () => {
    expect(await labels(customersAutocompleter('email'), ['62'])).toEqual({
      labels: ['62:john.smith@example.org'],
      paths: ['/wc-analytics/customers?include=62&per_page=1'],
    });
  });

  it('download IPs: prefix match; the IP is key and label, no fetch for labels', async () => {
    const result = await search(downloadIpsAutocompleter, '192.168.0');
    expect(result.paths).toEqual(['/wc-analytics/data/download-ips?match=192.168.0']);
    expect(result.labels).toEqual(['192.168.0.10', '192.168.0.23']);
    expect(await labels(downloadIpsAutocompleter, ['10.0.0.7'])).toEqual({
      labels: ['10.0.0.7:10.0.0.7'],
      paths: [],
    });
  });

  it('orders: by number prefix', async () => {
    const result = await search(ordersAutocompleter, '104');
    expect(result.paths).toEqual(['/wc-analytics/orders?number=104&per_page=10']);
    expect(result.labels).toEqual(['Order #1041', 'Order #1042', 'Order #1043']);
  });

  it('taxes: sent as code, labelled with the tax code', async () => {
    const result = await search(taxesAutocompleter, 'us');
    expect(result.paths).toEqual(['/wc-analytics/taxes?code=us&per_page=10']);
    expect(result.labels).toEqual(['US-CA-State Tax-1', 'US-NY-State Tax-1']);
    expect(taxCode({ country: 'GB', state: '', name: 'VAT', priority: 1 })).toBe('GB-VAT-1');
  });

  it('variations: 30 per search with _fields; all variations without a product', async () => {
    const result = await search(variationsAutocompleter(), 'red');
    expect(result.paths).toEqual([
      '/wc-analytics/variations?search=red&per_page=30&_fields=attributes,description,id,image,images,name,sku',
    ]);
    expect(result.labels).toEqual(['Hoodie - Red, No', 'V-Neck T-Shirt - Red']);
  });

  it('variations: the product-scoped endpoint when a product filter is present', async () => {
    const result = await search(variationsAutocompleter({ productId: '18' }), 'e');
    expect(result.paths[0]).toMatch(
      /^\/wc-analytics\/products\/18\/variations\?search=e&per_page=30/,
    );
    expect(result.labels).toEqual([
      'V-Neck T-Shirt - Red',
      'V-Neck T-Shirt - Green',
      'V-Neck T-Shirt - Blue',
    ]);
  });

  it('variations: a comma in the product id warns and searches all variations', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(variationsPath('11,18')).toBe('/wc-analytics/variations');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain('11,18');
    warn.mockRestore();
  });

  it('variations: no warning for one id', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(variationsPath(11)).toBe('/wc-analytics/products/11/variations');
    expect(variationsPath(undefined)).toBe('/wc-analytics/variations');
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('variation titles use the separator, default " - "', () => {
    const record = { name: 'Hoodie', attributes: [{ option: 'Blue' }, { option: 'Yes' }] };
    expect(variationTitle(record)).toBe('Hoodie - Blue, Yes');
    expect(variationTitle(record, ' / ')).toBe('Hoodie / Blue, Yes');
    expect(variationTitle({ name: 'Hoodie', attributes: [] })).toBe('Hoodie');
  });

  it('pass the abort signal to the fetcher', async () => {
    const apiFetch = vi.fn().mockResolvedValue([]);
    const controller = new AbortController();
    await couponsAutocompleter.search('x', { apiFetch, signal: controller.signal });
    expect(apiFetch).toHaveBeenCalledWith(expect.any(String), { signal: controller.signal });
  });
});

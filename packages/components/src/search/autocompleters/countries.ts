import { filterOptions } from '../../search-select/filter-options';
import type { SearchOption } from '../../search-select/types';
import type { ApiFetch } from '../api-fetch';
import { asRecords, type JsonRecord, plainText, text } from '../records';
import { type Autocompleter, type AutocompleterContext, SEARCH_SUGGESTIONS } from '../types';

type CountryOption = SearchOption<JsonRecord>;

/** The country list per fetcher, loaded once; a failed load is forgotten so it can retry. */
const cache = new WeakMap<ApiFetch, Promise<CountryOption[]>>();

function loadCountries(context: AutocompleterContext): Promise<CountryOption[]> {
  const cached = cache.get(context.apiFetch);
  if (cached) return cached;
  // Not tied to one search's signal: the shared list must survive a superseded search.
  const loading = context.apiFetch('/wc-analytics/data/countries').then((body) =>
    asRecords(body).map((record) => {
      const code = text(record, 'code');
      return { key: code, label: plainText(text(record, 'name')), keywords: [code], value: record };
    }),
  );
  cache.set(context.apiFetch, loading);
  loading.catch(() => cache.delete(context.apiFetch));
  return loading;
}

/** Countries by name or code, from the country list (read once per fetcher, then cached). */
export const countriesAutocompleter: Autocompleter<JsonRecord> = {
  name: 'countries',
  async search(query, context) {
    return filterOptions(await loadCountries(context), query, SEARCH_SUGGESTIONS);
  },
  async getLabels(ids, context) {
    const countries = await loadCountries(context);
    return countries.filter((country) => ids.includes(country.key));
  },
};

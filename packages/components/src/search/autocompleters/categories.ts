import type { JsonRecord } from '../records';
import type { Autocompleter } from '../types';
import { getByInclude, namedOption, searchByCount } from './shared';

const PATH = '/wc-analytics/products/categories';

/** Product categories by name, ordered by count. */
export const categoriesAutocompleter: Autocompleter<JsonRecord> = {
  name: 'categories',
  search: (query, context) => searchByCount(PATH, query, context),
  getLabels: (ids, context) => getByInclude(PATH, ids, namedOption, context),
};

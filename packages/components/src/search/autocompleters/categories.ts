import { type JsonRecord, plainText, text } from '../records';
import { type Autocompleter, SEARCH_SUGGESTIONS } from '../types';
import { getByInclude, getRecords } from './shared';

const PATH = '/wc-analytics/products/categories';

function toOption(record: JsonRecord) {
  return { key: text(record, 'id'), label: plainText(text(record, 'name')), value: record };
}

/** Product categories by name, ordered by count. */
export const categoriesAutocompleter: Autocompleter<JsonRecord> = {
  name: 'categories',
  async search(query, context) {
    const records = await getRecords(
      PATH,
      { search: query, per_page: SEARCH_SUGGESTIONS, orderby: 'count' },
      context,
    );
    return records.map(toOption);
  },
  getLabels: (ids, context) => getByInclude(PATH, ids, toOption, context),
};

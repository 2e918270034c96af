import { isRecord, type JsonRecord, plainText, text } from '../records';
import { type Autocompleter, SEARCH_SUGGESTIONS } from '../types';
import { getRecords, requestInit } from './shared';

const PATH = '/wc-analytics/products/attributes';

function toOption(record: JsonRecord) {
  return { key: text(record, 'id'), label: plainText(text(record, 'name')), value: record };
}

/** Product attributes by name, ordered by count; labels read one by one from `/{id}`. */
export const attributesAutocompleter: Autocompleter<JsonRecord> = {
  name: 'attributes',
  async search(query, context) {
    const records = await getRecords(
      PATH,
      { search: query, per_page: SEARCH_SUGGESTIONS, orderby: 'count' },
      context,
    );
    return records.map(toOption);
  },
  async getLabels(ids, context) {
    const bodies = await Promise.all(
      ids.map((id) => context.apiFetch(`${PATH}/${encodeURIComponent(id)}`, requestInit(context))),
    );
    return bodies.filter(isRecord).map(toOption);
  },
};

import { filterOptions } from '../../search-select/filter-options';
import { type JsonRecord, plainText, text } from '../records';
import { ATTRIBUTE_TERMS_PER_PAGE, type Autocompleter } from '../types';
import { getRecords } from './shared';

/** Terms of one attribute: up to 100 read per request, matched by name here. */
export function attributeTermsAutocompleter(
  attributeId: string | number,
): Autocompleter<JsonRecord> {
  const path = `/wc-analytics/products/attributes/${encodeURIComponent(String(attributeId))}/terms`;
  const load = async (context: Parameters<Autocompleter['search']>[1]) =>
    (await getRecords(path, { per_page: ATTRIBUTE_TERMS_PER_PAGE }, context)).map((record) => ({
      key: text(record, 'id'),
      label: plainText(text(record, 'name')),
      value: record,
    }));
  return {
    name: 'attribute-terms',
    async search(query, context) {
      return filterOptions(await load(context), query, ATTRIBUTE_TERMS_PER_PAGE);
    },
    async getLabels(ids, context) {
      return (await load(context)).filter((term) => ids.includes(term.key));
    },
  };
}

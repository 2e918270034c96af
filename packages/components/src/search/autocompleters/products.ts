import { type JsonRecord, plainText, text } from '../records';
import { type Autocompleter, SEARCH_SUGGESTIONS } from '../types';
import { renderProductOption } from './product-option';
import { getByInclude, getRecords } from './shared';

const PATH = '/wc-analytics/products';

function toOption(record: JsonRecord) {
  const sku = text(record, 'sku');
  return {
    key: text(record, 'id'),
    label: plainText(text(record, 'name')),
    keywords: sku === '' ? [] : [sku],
    value: record,
  };
}

/** Products by name or SKU, most popular first, with thumbnails; only variable ones when asked. */
export function productsAutocompleter({
  variableOnly = false,
}: {
  variableOnly?: boolean;
} = {}): Autocompleter<JsonRecord> {
  const type = variableOnly ? 'variable' : undefined;
  return {
    name: variableOnly ? 'variable-products' : 'products',
    async search(query, context) {
      const records = await getRecords(
        PATH,
        { search: query, per_page: SEARCH_SUGGESTIONS, orderby: 'popularity', type },
        context,
      );
      return records.map(toOption);
    },
    getLabels: (ids, context) => getByInclude(PATH, ids, toOption, context, { type }),
    renderOption: renderProductOption,
  };
}

import { type JsonRecord, text } from '../records';
import { type Autocompleter, SEARCH_SUGGESTIONS } from '../types';
import { getByInclude, getRecords } from './shared';

const PATH = '/wc-analytics/coupons';

function toOption(record: JsonRecord) {
  return { key: text(record, 'id'), label: text(record, 'code'), value: record };
}

/** Coupons by code. */
export const couponsAutocompleter: Autocompleter<JsonRecord> = {
  name: 'coupons',
  async search(query, context) {
    const records = await getRecords(
      PATH,
      { search: query, per_page: SEARCH_SUGGESTIONS },
      context,
    );
    return records.map(toOption);
  },
  getLabels: (ids, context) => getByInclude(PATH, ids, toOption, context),
};

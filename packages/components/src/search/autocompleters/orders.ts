import { __, sprintf } from '@storelens/i18n';
import { type JsonRecord, text } from '../records';
import { type Autocompleter, SEARCH_SUGGESTIONS } from '../types';
import { getByInclude, getRecords } from './shared';

const PATH = '/wc-analytics/orders';

function toOption(record: JsonRecord) {
  const number = text(record, 'number') || text(record, 'id');
  return {
    key: text(record, 'id'),
    label: sprintf(__('Order #%s'), number),
    keywords: [number],
    value: record,
  };
}

/** Orders by number prefix, labelled 'Order #number'. */
export const ordersAutocompleter: Autocompleter<JsonRecord> = {
  name: 'orders',
  async search(query, context) {
    const records = await getRecords(
      PATH,
      { number: query, per_page: SEARCH_SUGGESTIONS },
      context,
    );
    return records.map(toOption);
  },
  getLabels: (ids, context) => getByInclude(PATH, ids, toOption, context),
};

import { __, sprintf } from '@storelens/i18n';
import { type JsonRecord, text } from '../records';
import type { Autocompleter } from '../types';
import { collectionAutocompleter } from './shared';

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
export const ordersAutocompleter: Autocompleter<JsonRecord> = collectionAutocompleter(
  'orders',
  PATH,
  'number',
  toOption,
);

import { type JsonRecord, text } from '../records';
import type { Autocompleter } from '../types';
import { collectionAutocompleter } from './shared';

const PATH = '/wc-analytics/coupons';

function toOption(record: JsonRecord) {
  return { key: text(record, 'id'), label: text(record, 'code'), value: record };
}

/** Coupons by code. */
export const couponsAutocompleter: Autocompleter<JsonRecord> = collectionAutocompleter(
  'coupons',
  PATH,
  'search',
  toOption,
);

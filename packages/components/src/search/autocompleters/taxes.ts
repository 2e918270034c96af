import { type JsonRecord, text } from '../records';
import type { Autocompleter } from '../types';
import { collectionAutocompleter } from './shared';

const PATH = '/wc-analytics/taxes';

/** The tax code of a rate: country, state, name and priority joined by '-', empty parts skipped. */
export function taxCode(record: JsonRecord): string {
  return ['country', 'state', 'name', 'priority']
    .map((field) => text(record, field).trim())
    .filter((part) => part !== '')
    .join('-');
}

function toOption(record: JsonRecord) {
  return { key: text(record, 'id'), label: taxCode(record), value: record };
}

/** Tax rates by code (sent as `code`, as the spec's client does), labelled with their tax code. */
export const taxesAutocompleter: Autocompleter<JsonRecord> = collectionAutocompleter(
  'taxes',
  PATH,
  'code',
  toOption,
);

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

/**
 * Tax rates searched by the `code` argument (GET /wc-analytics/taxes takes `search` or `code`,
 * packages/api/src/pickers-search.ts), labelled with their tax code.
 */
export const taxesAutocompleter: Autocompleter<JsonRecord> = collectionAutocompleter(
  'taxes',
  PATH,
  'code',
  toOption,
);

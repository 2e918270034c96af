import { type JsonRecord, text } from '../records';
import { type Autocompleter, SEARCH_SUGGESTIONS } from '../types';
import { getByInclude, getRecords } from './shared';

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
export const taxesAutocompleter: Autocompleter<JsonRecord> = {
  name: 'taxes',
  async search(query, context) {
    const records = await getRecords(PATH, { code: query, per_page: SEARCH_SUGGESTIONS }, context);
    return records.map(toOption);
  },
  getLabels: (ids, context) => getByInclude(PATH, ids, toOption, context),
};

import { type JsonRecord, text } from '../records';
import { type Autocompleter, SEARCH_SUGGESTIONS } from '../types';
import { getByInclude, getRecords } from './shared';

const PATH = '/wc-analytics/customers';

/** Which customer field a customer search matches and shows. */
export type CustomerSearchBy = 'name' | 'email' | 'username';

/** Customers searched and labelled by name (default), e-mail or username. */
export function customersAutocompleter(
  searchBy: CustomerSearchBy = 'name',
): Autocompleter<JsonRecord> {
  const toOption = (record: JsonRecord) => ({
    key: text(record, 'id'),
    label: text(record, searchBy),
    keywords: [text(record, 'name'), text(record, 'email'), text(record, 'username')].filter(
      (word) => word !== '',
    ),
    value: record,
  });
  return {
    name: searchBy === 'name' ? 'customers' : `${searchBy}s`,
    async search(query, context) {
      const records = await getRecords(
        PATH,
        { search: query, searchby: searchBy, per_page: SEARCH_SUGGESTIONS },
        context,
      );
      return records.map(toOption);
    },
    getLabels: (ids, context) => getByInclude(PATH, ids, toOption, context),
  };
}

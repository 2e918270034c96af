import { isRecord, type JsonRecord } from '../records';
import type { Autocompleter } from '../types';
import { namedOption, requestInit, searchByCount } from './shared';

const PATH = '/wc-analytics/products/attributes';

/** Product attributes by name, ordered by count; labels read one by one from `/{id}`. */
export const attributesAutocompleter: Autocompleter<JsonRecord> = {
  name: 'attributes',
  search: (query, context) => searchByCount(PATH, query, context),
  async getLabels(ids, context) {
    const bodies = await Promise.all(
      ids.map((id) => context.apiFetch(`${PATH}/${encodeURIComponent(id)}`, requestInit(context))),
    );
    return bodies.filter(isRecord).map(namedOption);
  },
};

import { appendQuery } from '@storelens/navigation';
import type { SearchOption } from '../../search-select/types';
import { asRecords, type JsonRecord, plainText, text } from '../records';
import { type Autocompleter, type AutocompleterContext, SEARCH_SUGGESTIONS } from '../types';

/** The fetch options for a context: its abort signal, when it has one. */
export function requestInit(context: AutocompleterContext): { signal?: AbortSignal } {
  return context.signal ? { signal: context.signal } : {};
}

/** A query argument of a picker search; undefined leaves it out, a list is sent comma-joined. */
export type QueryArg = string | number | boolean | undefined | readonly (string | number)[];

/** GETs a collection path with arguments and returns its records. */
export async function getRecords(
  path: string,
  args: Readonly<Record<string, QueryArg>>,
  context: AutocompleterContext,
): Promise<JsonRecord[]> {
  return asRecords(
    await context.apiFetch(appendQuery(path, args, { lists: 'comma' }), requestInit(context)),
  );
}

const MAX_PER_PAGE = 100;

/** Options for ids read from a collection with `include` (in pages of at most 100 ids). */
export async function getByInclude<R>(
  path: string,
  ids: readonly string[],
  toOption: (record: JsonRecord) => SearchOption<R>,
  context: AutocompleterContext,
  args: Readonly<Record<string, QueryArg>> = {},
): Promise<SearchOption<R>[]> {
  const pages: string[][] = [];
  for (let start = 0; start < ids.length; start += MAX_PER_PAGE) {
    pages.push(ids.slice(start, start + MAX_PER_PAGE));
  }
  const results = await Promise.all(
    pages.map((page) =>
      getRecords(path, { ...args, include: page, per_page: page.length }, context),
    ),
  );
  return results.flat().map(toOption);
}

/** The option of a record named by its `name` (categories, attributes), keyed by its id. */
export function namedOption(record: JsonRecord): SearchOption<JsonRecord> {
  return { key: text(record, 'id'), label: plainText(text(record, 'name')), value: record };
}

/** Records of a collection whose name matches, the most used first (categories, attributes). */
export async function searchByCount(path: string, query: string, context: AutocompleterContext) {
  const records = await getRecords(
    path,
    { search: query, per_page: SEARCH_SUGGESTIONS, orderby: 'count' },
    context,
  );
  return records.map(namedOption);
}

/**
 * An autocompleter over a collection: up to SEARCH_SUGGESTIONS records whose `searchArg` matches
 * the typed text, and labels of chosen ids read with `include`; `toOption` draws both.
 */
export function collectionAutocompleter(
  name: string,
  path: string,
  searchArg: string,
  toOption: (record: JsonRecord) => SearchOption<JsonRecord>,
): Autocompleter<JsonRecord> {
  return {
    name,
    async search(query, context) {
      const records = await getRecords(
        path,
        { [searchArg]: query, per_page: SEARCH_SUGGESTIONS },
        context,
      );
      return records.map(toOption);
    },
    getLabels: (ids, context) => getByInclude(path, ids, toOption, context),
  };
}

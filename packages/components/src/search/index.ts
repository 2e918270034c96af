export {
  type ApiFetch,
  ApiFetchError,
  ApiFetchProvider,
  type ApiFetchProviderProps,
  defaultApiFetch,
  useApiFetch,
} from './api-fetch';
export * from './autocompleters';
export { ProductThumbnail, type ProductThumbnailProps, productImage } from './product-thumbnail';
export { type JsonRecord, plainText } from './records';
export {
  INVALID_AUTOCOMPLETER_MESSAGE,
  resolveAutocompleter,
  type SearchConfig,
  type SearchType,
} from './resolve-autocompleter';
export { Search, type SearchProps } from './search';
export {
  ATTRIBUTE_TERMS_PER_PAGE,
  type Autocompleter,
  type AutocompleterContext,
  PRODUCT_RESULT_THUMBNAIL_SIZE,
  PRODUCT_THUMBNAIL_SIZE,
  SEARCH_DEBOUNCE_MS,
  SEARCH_SUGGESTIONS,
  VARIATION_SUGGESTIONS,
} from './types';
export { labelsInIdOrder, type SearchLabels, useSearchLabels } from './use-search-labels';
export { type SearchResults, useSearchResults } from './use-search-results';

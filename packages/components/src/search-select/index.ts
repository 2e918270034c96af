export { filterOptions } from './filter-options';
export { type MatchSegment, matchSegments } from './match-segments';
export { resultsMessage } from './results-message';
export {
  DefaultOptionLabel,
  type OptionLabelProps,
  SearchSelect,
  type SearchSelectCommonProps,
  type SearchSelectComponents,
  type SearchSelectMultipleProps,
  type SearchSelectProps,
  type SearchSelectSingleProps,
} from './search-select';
export { chooseOption, isChosen, removeOption } from './selection';
export type { SearchOption } from './types';
export { wrapIndex } from './wrap-index';

export { defaultMessages as defaultSearchListMessages, type SearchListMessages } from './messages';
export {
  type SearchListCommonProps,
  SearchListControl,
  type SearchListControlProps,
  type SearchListMultipleProps,
  type SearchListSingleProps,
  searchListItemToOption,
} from './search-list-control';
export { filterPlaced, type PlacedItem, placeItems } from './tree';
export type { SearchListItem } from './types';

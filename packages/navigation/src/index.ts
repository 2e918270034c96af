export {
  DEFAULT_PAGE,
  getAdminLink,
  getAdminUrl,
  isAbsoluteUrl,
  setAdminUrl,
} from './admin-url';
export * from './filters';
export {
  type AdminHistory,
  type AdminLocation,
  type AdminUpdate,
  createAdminHistory,
  getHistory,
  pathFromSearch,
  setHistory,
  subscribe,
} from './history';
export { getIdsFromQuery, getSetOfIdsFromQuery } from './ids';
export {
  getInAppHref,
  getLinkHref,
  handleLinkClick,
  isInAppNavigationClick,
  type LinkClickEvent,
  type LinkType,
  navigateTo,
} from './links';
export {
  getNewPath,
  getPath,
  getPersistedQuery,
  getQuery,
  type PersistedQueryParam,
  persistedQueryParams,
  updateQueryString,
} from './path';
export {
  appendQuery,
  type ListFormat,
  parseQuery,
  parseWordList,
  type Query,
  type QueryInput,
  type QueryInputValue,
  type QueryValue,
  type StringifyOptions,
  splitKey,
  stringifyQuery,
  stringifyWordList,
} from './query-string';
export { getSearchWords } from './search-words';

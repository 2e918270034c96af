/**
 * @storelens/data — the REST client, one Redux Toolkit store per domain, and React hooks.
 * Response types are the schemas' types of @storelens/api; the names the dashboard reads
 * them by are re-exported at the end.
 */

// Response types: the contract's (@storelens/api), by the names the stores use.
export type {
  AdminStatusMessage as ProfileUpdateResponse,
  AlertEventView,
  AlertView,
  AttributeBody,
  AttributeTermRow,
  CategoriesListRow,
  CategorySearchRow,
  ChannelView,
  CountryBody,
  CouponSearchRow,
  CouponsListRow,
  CustomersListRow,
  DeliveryView,
  DigestView,
  DownloadFileRow,
  DownloadIpRow,
  DownloadsListRow,
  ExportStartResponseBody as ExportStartResponse,
  ExportStatusBody as ExportStatus,
  ImportStatusBody as ImportStatus,
  ImportTotalsBody as ImportTotals,
  LowInStockRow,
  NoteBody as Note,
  NoteUpdateBody as NoteUpdate,
  OnboardingPaymentMethod as PaymentMethod,
  OnboardingProfile as ProfileItems,
  OrderCustomerBody,
  OrderSearchRow,
  OrdersListRow,
  ProductBody as Product,
  ProductSearchRow,
  ProductsListRow,
  ReportListEndpoint,
  ReportListRows,
  ReportRow,
  ReportStatsBody as ReportStats,
  ReviewBody as Review,
  ReviewUpdateBody as ReviewUpdate,
  SettingBody as Setting,
  StatsIntervalBody as StatsInterval,
  StockListRow,
  TaxesListRow,
  TaxRateRow,
  VariationSearchRow,
  VariationsListRow,
} from '@storelens/api';
// REST client
export {
  type ApiError,
  apiError,
  CLIENT_ERROR_CODES,
  clientError,
  errorFromResponse,
  isApiError,
  toApiError,
} from './client/api-error.ts';
export {
  type ApiClient,
  type ApiClientOptions,
  type ApiRequest,
  type ApiResponse,
  createApiClient,
  DEFAULT_BASE_URL,
  type HeadersHook,
  type HttpMethod,
} from './client/client.ts';
export {
  addQueryArgs,
  type QueryArgs,
  type QueryScalar,
  type QueryValue,
  toQueryString,
} from './client/query-string.ts';
// Core
export { type OptimisticResult, type OptimisticSteps, runOptimistic } from './core/optimistic.ts';
export { NAMESPACES, STORE_NAMES } from './core/paths.ts';
export {
  createResource,
  type Id,
  type ListResult,
  type QueryEntry,
  type QueryStatus,
  type Resource,
  type ResourceScope,
  type ResourceState,
} from './core/resource.ts';
export { stableKey } from './core/stable-key.ts';
export type { AppDispatch, AppThunk, ThunkExtra } from './core/thunk.ts';
// Store and provider
export {
  DataProvider,
  type DataProviderProps,
  useStorelensDispatch,
  useStorelensSelector,
} from './react/provider.tsx';
export type { ResourceList } from './react/use-resource-list.ts';
// Report helpers
export { isReportStatsEmpty } from './reports/empty-stats.ts';
export {
  DEFAULT_REPORTS_PER_PAGE,
  hasIntervals,
  MAX_PER_PAGE,
  NO_INTERVAL_ENDPOINTS,
  REPORT_QUERY_DEFAULTS,
} from './reports/endpoints.ts';
export {
  type AdvancedFilterConfig,
  type AdvancedFiltersConfig,
  type FilterQueryOptions,
  getFilterQuery,
  type ReportFilterConfig,
  type ReportFilterOption,
  type ReportQuery,
} from './reports/filter-query.ts';
export {
  getReportStatsQuery,
  getReportTableQuery,
  type ReportQueryOptions,
  type ReportStatsQueryOptions,
  type ReportTableQueryOptions,
  type StampedRange,
} from './reports/report-query.ts';
export {
  createStorelensStore,
  rootReducer,
  type StorelensState,
  type StorelensStore,
  type StorelensStoreOptions,
} from './store.ts';
// Stores
export * from './stores/costs/slice.ts';
export * from './stores/export/hooks.ts';
export * from './stores/export/slice.ts';
export * from './stores/import/hooks.ts';
export * from './stores/import/slice.ts';
export * from './stores/items/hooks.ts';
export * from './stores/items/slice.ts';
export * from './stores/navigation/hooks.ts';
export * from './stores/navigation/slice.ts';
export * from './stores/notes/hooks.ts';
export * from './stores/notes/slice.ts';
export * from './stores/notifications/hooks.ts';
export * from './stores/notifications/slice.ts';
export * from './stores/onboarding/hooks.ts';
export * from './stores/onboarding/slice.ts';
export * from './stores/options/hooks.ts';
export {
  createOptionsLoader,
  OPTIONS_BATCH_CACHE_MS,
  OPTIONS_BATCH_WAIT_MS,
  type OptionsLoader,
  type OptionsLoaderOptions,
} from './stores/options/loader.ts';
export * from './stores/options/slice.ts';
export * from './stores/plugins/hooks.ts';
export * from './stores/plugins/messages.ts';
export * from './stores/plugins/slice.ts';
export * from './stores/reads/hooks.ts';
export * from './stores/reads/slice.ts';
export * from './stores/reports/hooks.ts';
export * from './stores/reports/slice.ts';
export * from './stores/reviews/hooks.ts';
export * from './stores/reviews/slice.ts';
export * from './stores/segments/hooks.ts';
export * from './stores/segments/slice.ts';
export * from './stores/settings/hooks.ts';
export * from './stores/settings/slice.ts';
export * from './stores/user/hooks.ts';
export * from './stores/user/slice.ts';

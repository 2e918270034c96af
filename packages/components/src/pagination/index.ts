export {
  type PaginationLayout,
  PER_PAGE_OPTIONS,
  pageAfterPerPageChange,
  pageCount,
  paginationLayout,
  parsePageInput,
} from './pages';
export { Pagination, type PaginationProps } from './pagination';

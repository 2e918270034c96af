export { type ColumnStorage, columnStorageKey } from './column-visibility';
export { csvFileName, saveTextFile, tableToCsv } from './csv';
export { currentSort, defaultSortKey, sortAfterClick, sortAfterHiding, sortRows } from './sort';
export {
  Table,
  TablePlaceholder,
  type TableProps,
  TableSummary,
  TableSummaryPlaceholder,
} from './table';
export { TableCard, type TableCardProps } from './table-card';
export type {
  SortOrder,
  TableCell,
  TableHeader,
  TableQuery,
  TableRow,
  TableSort,
  TableSummaryItem,
} from './types';

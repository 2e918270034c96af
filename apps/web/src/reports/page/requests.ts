import { getReportTableQuery, type QueryArgs, type ReportQueryOptions } from '@storelens/data';
import type { Query } from '@storelens/navigation';
import { readTableState, type TableState } from './table-state';
import type { TableDefinition } from './types';

/** The filter part of every request of a page: query, filters, advanced filters, range. */
export type FilterOptions = Omit<ReportQueryOptions, 'endpoint'>;

/**
 * The table's request for a URL query: the sort and page the URL may ask for
 * (only values the table offers), the range, the filters, then the table's own params.
 */
export function tableRequest(
  table: TableDefinition,
  query: Query,
  filterOptions: FilterOptions,
): { state: TableState; args: QueryArgs } {
  const state = readTableState(query, table.headers, {
    orderby: table.defaultOrderby,
    order: table.defaultOrder,
  });
  const args = getReportTableQuery({
    endpoint: table.endpoint,
    ...filterOptions,
    tableQuery: {
      orderby: state.orderby,
      order: state.order,
      page: state.page,
      per_page: state.perPage,
      ...table.tableQuery?.(query),
    },
  });
  return { state, args };
}

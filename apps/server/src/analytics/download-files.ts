/*
 * Download files report (`GET /reports/downloads/files`, the `downloads/files` slug of the
 * reports index): one row per downloadable file with its downloads in range.
 *
 * A file is a `product_downloads` row; it is listed when the download log has at least one
 * entry for it in the range that passes the filters. Log entries whose file no longer exists
 * (no `product_downloads` row) are not files of the store and are left out, so the counts can
 * sum to less than downloads/stats.
 */
import type { DownloadFileOrderby, DownloadFileRow } from '@storelens/api';
import { containsPattern } from '../db/sql';
import type { ReportContext } from './context';
import { idsSql } from './filters';
import { type ListPaging, type ListResult, pagedQuery, rangeCondition, stripTags } from './paging';
import { type DownloadFilters, downloadWhere } from './report-stats';

/** Column of the inner select each sort key orders by (names sort case-insensitively). */
const ORDER_COLUMN: Record<DownloadFileOrderby, string> = {
  download_count: 'download_count',
  file_name: 'file_sort',
  product_name: 'product_sort',
  product_id: 'product_id',
  download_id: 'download_id',
};

/** Parameters of the files report. */
export interface DownloadFilesParams extends ListPaging {
  orderby: DownloadFileOrderby;
  /** Local date-times; undefined bounds are open. */
  range: { after: string | undefined; before: string | undefined };
  /** The download-log filters of the downloads list (`match`, include/exclude lists). */
  filters: DownloadFilters;
  /** Only files of these products (ANDed with `filters`). */
  products: readonly number[];
  /** Case-insensitive substring of the file name, matched literally. */
  search: string | undefined;
}

/** GET /reports/downloads/files. */
export async function downloadFilesList(
  ctx: ReportContext,
  p: DownloadFilesParams,
): Promise<ListResult<DownloadFileRow>> {
  const where = downloadWhere(p.filters);
  const range = rangeCondition('dl.timestamp', p.range);
  const params: unknown[] = [...where.params, ...range.params];
  let extra = '';
  if (p.products.length) extra += ` AND pd.product_id IN ${idsSql(p.products)}`;
  if (p.search) {
    extra += ` AND LOWER(pd.name) LIKE ? ESCAPE '\\'`;
    params.push(containsPattern(p.search));
  }
  const inner = `SELECT pd.id AS download_id, pd.name AS file_name, pd.file AS file_path,
      pd.product_id, pr.name AS product_name, LOWER(pd.name) AS file_sort,
      LOWER(COALESCE(pr.name, '')) AS product_sort, COUNT(*) AS download_count
    FROM download_log dl JOIN product_downloads pd ON pd.id = dl.download_id
    LEFT JOIN products pr ON pr.id = pd.product_id
    WHERE ${where.sql}${range.sql}${extra}
    GROUP BY pd.id, pd.name, pd.file, pd.product_id, pr.name`;
  const result = await pagedQuery<Record<string, unknown>>(
    ctx,
    inner,
    params,
    ORDER_COLUMN[p.orderby],
    'download_id',
    p,
  );
  return {
    ...result,
    rows: result.rows.map((r): DownloadFileRow => {
      const productId = Number(r.product_id);
      return {
        download_id: String(r.download_id),
        file_name: String(r.file_name),
        file_path: String(r.file_path),
        product_id: productId,
        product_name: r.product_name === null ? '' : stripTags(String(r.product_name)),
        download_count: Number(r.download_count),
        _links: {
          product: [{ href: `/wp-json/wc-analytics/products/${productId}`, embeddable: true }],
        },
      };
    }),
  };
}

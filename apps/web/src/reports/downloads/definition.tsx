import type { BootSettings } from '@storelens/api';
import type { AdvancedFiltersConfig } from '@storelens/components';
import type { ReportRow } from '@storelens/data';
import { getCurrentDates, getDateDifferenceInDays } from '@storelens/date';
import { __, _x, sprintf } from '@storelens/i18n';
import type { ReactNode } from 'react';
import { countItem, DATE_HEADER, dateCell, hrefCell, linkCell } from '../page/cells';
import { allOrAdvancedFilter, idsFilter } from '../page/filter-helpers';
import { orderLink, reportHref } from '../page/links';
import type { ReportDefinition, RowContext } from '../page/types';

/** Downloads' advanced filters. */
export const downloadsAdvancedFilters: AdvancedFiltersConfig = {
  title: _x('Downloads match {{select /}} filters', 'A sentence describing filters for Downloads'),
  filters: {
    product: idsFilter(__('Product'), { type: 'products' }, __('Search')),
    customer: idsFilter(__('Username'), { type: 'usernames' }, __('Search customer username')),
    order: idsFilter(__('Order #'), { type: 'orders' }, __('Search order number')),
    ip_address: idsFilter(__('IP Address'), { type: 'downloadIps' }, __('Search IP address')),
  },
};

/**
 * One download's cells; the product's name comes from the products lookup.
 * The order number opens the order in the connected shop; without a shop (no order page,
 * and a download row does not carry its order's date) it narrows Downloads to that order.
 */
export function downloadCells(row: ReportRow, context: RowContext) {
  const date = String(row.date ?? '');
  const productId = Number(row.product_id);
  const product = context.lookups.products?.get(String(productId));
  const productName =
    product === undefined ? '' : product.name === '' ? __('(Deleted)') : product.name;
  const fileName = String(row.file_name ?? '');
  const filePath = String(row.file_path ?? '');
  const order = String(row.order_number ?? row.order_id ?? '');
  const orderId = Number(row.order_id ?? 0);
  const parentId = Number(row.parent_id ?? 0);
  const link = orderLink({ id: orderId, parentId }, context, () =>
    reportHref(
      '/analytics/downloads',
      { filter: 'advanced', order_includes: parentId > 0 ? parentId : orderId },
      context.query,
    ),
  );
  return [
    dateCell(date, context),
    product && product.name !== ''
      ? linkCell(
          productName,
          productName,
          '/analytics/products',
          { filter: 'single_product', products: productId },
          context.query,
        )
      : { display: productName, value: productName },
    {
      display: /^https?:\/\//.test(filePath) ? (
        <a className="sl-link" href={filePath} target="_blank" rel="noopener noreferrer">
          {fileName}
        </a>
      ) : (
        fileName
      ),
      value: fileName,
    },
    hrefCell(order, order, link),
    { display: String(row.username ?? ''), value: String(row.username ?? '') },
    { display: String(row.ip_address ?? ''), value: String(row.ip_address ?? '') },
  ];
}

/** The days of the range shown, inclusive (the summary's day count). */
export function daysInRange(context: RowContext): number {
  const dates = getCurrentDates(context.query, context.defaultDateRange);
  return getDateDifferenceInDays(dates.primary.before, dates.primary.after) + 1;
}

/**
 * The notice of a store connected to a WooCommerce shop: WooCommerce's REST API has no
 * download log, so the shop's downloads are not imported and this report cannot show them.
 */
export function downloadsNotice(settings: BootSettings): ReactNode {
  const shop = settings.connectedShop;
  if (!shop || shop.downloadLog) return null;
  return (
    <div role="status" className="sl-notice sl-notice--info sl-report__notice">
      <p>
        {sprintf(
          __(
            'Downloads from %s are not imported: WooCommerce’s REST API has no download log, so this report cannot show your shop’s downloads.',
          ),
          shop.name || shop.url,
        )}
      </p>
    </div>
  );
}

/** The Downloads report. */
export const downloadsReport: ReportDefinition = {
  id: 'downloads',
  title: __('Downloads'),
  segments: {},
  statsEndpoint: 'downloads',
  charts: [{ key: 'download_count', label: __('Downloads'), type: 'number' }],
  filters: () => [allOrAdvancedFilter(__('All downloads'))],
  advancedFilters: () => downloadsAdvancedFilters,
  notice: downloadsNotice,
  table: () => ({
    endpoint: 'downloads',
    title: __('Downloads'),
    columnsKey: 'downloads_report_columns',
    headers: [
      DATE_HEADER,
      { key: 'product', label: __('Product title'), isSortable: true, required: true },
      { key: 'file_name', label: __('File name') },
      { key: 'order_number', label: __('Order #'), screenReaderLabel: __('Order Number') },
      { key: 'user_id', label: __('Username') },
      { key: 'ip_address', label: __('IP') },
    ],
    defaultOrderby: 'date',
    defaultOrder: 'desc',
    toCells: downloadCells,
    lookups: [
      {
        kind: 'products',
        path: 'products',
        ids: (rows) => rows.map((row) => String(row.product_id)),
        entry: (record) => ({ name: String(record.name ?? '') }),
        missingQuery: { status: 'trash' },
      },
    ],
    summary: {
      fields: ['download_count'],
      items: (t, c) => {
        const days = daysInRange(c);
        const downloads = Number(t.download_count ?? 0);
        return [
          countItem(c, days, __('day'), __('days')),
          countItem(c, downloads, __('Download'), __('Downloads')),
        ];
      },
    },
  }),
};

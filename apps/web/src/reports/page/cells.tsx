import {
  Link,
  resolveAutocompleter,
  type SearchConfig,
  type SearchOption,
  type TableHeader,
  type TableSummaryItem,
} from '@storelens/components';
import { __ } from '@storelens/i18n';
import type { Query } from '@storelens/navigation';
import type { ReactNode } from 'react';
import { sessionApiFetch } from '../../api-client';
import { type RowLink, reportHref, shopProductHref } from './links';
import type { LookupEntry, RowContext } from './types';

/** "1 Product" / "3 Products": the count's word in the right number. */
export function plural(count: number, singular: string, pluralForm: string): string {
  return count === 1 ? singular : pluralForm;
}

/** A summary item counting something ("3 Orders"), the count in the store's number format. */
export function countItem(
  context: Pick<RowContext, 'formatNumber'>,
  count: number,
  singular: string,
  pluralForm: string,
): TableSummaryItem {
  return { label: plural(count, singular, pluralForm), value: context.formatNumber(count) };
}

/** The date column of a list of records (orders, downloads, revenue's days), newest first by default. */
export const DATE_HEADER: TableHeader = {
  key: 'date',
  label: __('Date'),
  isSortable: true,
  required: true,
  defaultSort: true,
  isLeftAligned: true,
};

/** A record's date cell: shown in the store's format, sorted and exported as its day (YYYY-MM-DD). */
export function dateCell(date: string, context: RowContext): { display: string; value: string } {
  return { display: context.formatDate(date), value: date.slice(0, 10) };
}

/** A cell linking to another report view, keeping the date range. */
export function linkCell(
  text: string,
  value: string | number,
  path: string,
  params: Readonly<Record<string, string | number>>,
  query: Query,
): { display: ReactNode; value: string | number } {
  return { display: <Link href={reportHref(path, params, query)}>{text}</Link>, value };
}

/** A cell linking to a place: in the app, or (external) the connected shop's admin in a new tab. */
export function hrefCell(
  text: string,
  value: string | number,
  link: RowLink | null,
): { display: ReactNode; value: string | number } {
  if (!link) return { display: text, value };
  return {
    display: link.external ? (
      <a className="sl-link" href={link.href} target="_blank" rel="noopener noreferrer">
        {text}
      </a>
    ) : (
      <Link href={link.href}>{text}</Link>
    ),
    value,
  };
}

/** Labels of compared ids for a compare card, from the records' autocompleter. */
export function compareLabels(config: SearchConfig) {
  return async (value: string): Promise<SearchOption[]> => {
    const ids = value.split(',').filter((id) => id !== '');
    if (ids.length === 0) return [];
    return resolveAutocompleter(config).getLabels(ids, { apiFetch: sessionApiFetch });
  };
}

/** Stock statuses as the tables show them. */
const STOCK_STATUS: Readonly<Record<string, string>> = {
  instock: __('In stock'),
  outofstock: __('Out of stock'),
  onbackorder: __('On backorder'),
};

/** The stock facts of a product or variation row. */
export interface StockFacts {
  readonly stock_status?: unknown;
  readonly stock_quantity?: unknown;
  readonly manage_stock?: unknown;
  readonly low_stock_amount?: unknown;
}

/**
 * Whether an item is low on stock, as WooCommerce meant it: in stock, with
 * managed stock, and a quantity at or under its low-stock amount.
 */
export function isLowStock(item: StockFacts): boolean {
  const quantity = Number(item.stock_quantity);
  const threshold = Number(item.low_stock_amount);
  return (
    item.stock_status === 'instock' &&
    item.manage_stock === true &&
    item.stock_quantity !== null &&
    Number.isFinite(quantity) &&
    Number.isFinite(threshold) &&
    quantity <= threshold
  );
}

/** The status label: "Low stock" when low, else the stock status; "N/A" when not managed. */
export function stockStatusLabel(item: StockFacts, notManagedIsNa = false): string {
  if (notManagedIsNa && item.manage_stock !== true) return __('N/A');
  if (isLowStock(item)) return __('Low stock');
  return STOCK_STATUS[String(item.stock_status)] ?? __('N/A');
}

/**
 * The Status cell of the Products and Variations tables: "Low stock"
 * links to the product's edit page in the connected shop, as WooCommerce links it, or without
 * a shop to the Stock report's low-stock list; other statuses are plain text.
 */
export function stockStatusCell(
  item: StockFacts,
  productId: number,
  context: { query: Query; shopUrl?: string | undefined },
): { display: ReactNode; value: string } {
  const label = stockStatusLabel(item, true);
  if (!isLowStock(item)) return { display: label, value: label };
  const shop = shopProductHref(productId, context.shopUrl);
  return hrefCell(
    label,
    label,
    shop
      ? { href: shop, external: true }
      : { href: reportHref('/analytics/stock', { type: 'lowstock' }, {}), external: false },
  ) as { display: ReactNode; value: string };
}

/** The quantity, or "N/A" when the item does not manage stock. */
export function stockQuantityCell(item: StockFacts): { display: string; value: number | string } {
  if (
    item.manage_stock !== true ||
    item.stock_quantity === null ||
    item.stock_quantity === undefined
  )
    return { display: __('N/A'), value: 'N/A' };
  const n = Number(item.stock_quantity);
  return { display: String(n), value: n };
}

/**
 * A category's breadcrumb: "Parent › Name", "A › B › Name", and deeper
 * "Top … Parent › Name", from the categories looked up by id.
 */
export function categoryTrail(
  id: string,
  categories: ReadonlyMap<string, LookupEntry> | undefined,
): { ancestors: string; name: string } {
  const names: string[] = [];
  let current: string | undefined = id;
  const seen = new Set<string>();
  while (current && current !== '0' && !seen.has(current)) {
    seen.add(current);
    const entry: LookupEntry | undefined = categories?.get(current);
    if (!entry) break;
    names.unshift(entry.name);
    current = entry.parent;
  }
  const name = names.pop() ?? '';
  if (names.length === 0) return { ancestors: '', name };
  if (names.length <= 2) return { ancestors: `${names.join(' › ')} › `, name };
  return { ancestors: `${names[0]} … ${names[names.length - 1]} › `, name };
}

/** The lookup of all product categories, with their parents (breadcrumbs). */
export const categoriesLookup = {
  kind: 'categories',
  path: 'products/categories',
  entry: (record: Readonly<Record<string, unknown>>): LookupEntry => ({
    name: String(record.name ?? ''),
    parent: String(record.parent ?? '0'),
  }),
};

import type { SourceDimension } from '@storelens/api';
import type { AdvancedFilterConfig, Autocompleter } from '@storelens/components';
import { __, sprintf } from '@storelens/i18n';
import { advancedFilter, isRules } from '../page/filter-helpers';

/** One dimension of the Sources report: its name in the dashboard. */
export const SOURCE_DIMENSIONS: readonly { key: SourceDimension; label: string }[] = [
  { key: 'source_type', label: __('Source type') },
  { key: 'origin', label: __('Origin') },
  { key: 'utm_source', label: __('UTM source') },
  { key: 'utm_medium', label: __('UTM medium') },
  { key: 'utm_campaign', label: __('UTM campaign') },
  { key: 'device_type', label: __('Device type') },
  { key: 'payment_method', label: __('Payment method') },
  { key: 'created_via', label: __('Sales channel') },
];

/** The label of a dimension. */
export const dimensionLabel = (key: string) =>
  SOURCE_DIMENSIONS.find((d) => d.key === key)?.label ?? key;

interface ValueRecord {
  value: string;
  label: string;
  orders_count: number;
}

const asRows = (body: unknown): ValueRecord[] =>
  Array.isArray(body)
    ? body.filter((r): r is ValueRecord => typeof r === 'object' && r !== null && 'value' in r)
    : [];

/**
 * The values of a dimension, searched on the server (`reports/sources/values`, paged, most
 * orders first): the value is the key, its label what the report shows.
 */
export function sourceValuesAutocompleter(dimension: SourceDimension): Autocompleter<ValueRecord> {
  const path = (args: Record<string, string>) =>
    `/wc-analytics/reports/sources/values?${new URLSearchParams({ dimension, ...args })}`;
  const option = (r: ValueRecord) => ({ key: r.value, label: r.label, value: r });
  return {
    name: `source-${dimension}`,
    async search(query, context) {
      const body = await context.apiFetch(
        path({ search: query, per_page: '10' }),
        context.signal ? { signal: context.signal } : undefined,
      );
      return asRows(body).map(option);
    },
    async getLabels(ids, context) {
      if (ids.length === 0) return [];
      const body = await context.apiFetch(
        path({ include: ids.join(','), per_page: '100' }),
        context.signal ? { signal: context.signal } : undefined,
      );
      const found = new Map(asRows(body).map((r) => [r.value, r]));
      return ids.map((id) => option(found.get(id) ?? { value: id, label: id, orders_count: 0 }));
    },
  };
}

/**
 * The source filters of the Orders, Customers and Sources reports: one per dimension, is or
 * is not any of the values picked (`<dimension>_is`, `<dimension>_is_not`). On Customers they
 * read each customer's first order.
 */
export function sourceAdvancedFilters(
  options: { firstTouch?: boolean } = {},
): Record<string, AdvancedFilterConfig> {
  return Object.fromEntries(
    SOURCE_DIMENSIONS.map(({ key, label }) => [
      key,
      advancedFilter(
        options.firstTouch ? sprintf(__('First order’s %s'), label.toLowerCase()) : label,
        { component: 'Search', type: 'custom', autocompleter: sourceValuesAutocompleter(key) },
        { rules: isRules(), placeholder: __('Search values') },
      ),
    ]),
  );
}

/** Every source filter parameter name. */
export const SOURCE_FILTER_PARAMS: readonly string[] = SOURCE_DIMENSIONS.flatMap(({ key }) => [
  `${key}_is`,
  `${key}_is_not`,
]);

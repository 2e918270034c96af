import type { AdvancedFiltersConfig } from '@storelens/components';
import { getFilterQuery, type ReportRow } from '@storelens/data';
import { __, _x } from '@storelens/i18n';
import { countItem, hrefCell } from '../page/cells';
import { advancedFilter, dateRules, idsFilter, numberRules } from '../page/filter-helpers';
import { customerLink } from '../page/links';
import { moneyCell } from '../page/profit';
import type { ReportDefinition, RowContext } from '../page/types';
import { sourceAdvancedFilters } from '../sources/source-filters';
import { NarrowingNotice, narrowingQuery } from './narrowing';

/**
 * Customers' advanced filters. Name, username and email hold customer ids,
 * the convention of docs/api.md, "Customer filters".
 */
export const customersAdvancedFilters: AdvancedFiltersConfig = {
  title: _x('Customers match {{select /}} filters', 'A sentence describing filters for Customers'),
  filters: {
    name: idsFilter(__('Name'), { type: 'customers' }, __('Search')),
    country: idsFilter(__('Country / Region'), { type: 'countries' }, __('Search countries')),
    username: idsFilter(__('Username'), { type: 'usernames' }, __('Search customer username')),
    email: idsFilter(__('Email'), { type: 'emails' }, __('Search customer email')),
    orders_count: advancedFilter(
      __('No. of Orders'),
      { component: 'Number' },
      { rules: numberRules() },
    ),
    total_spend: advancedFilter(
      __('Total Spend'),
      { component: 'Currency' },
      { rules: numberRules() },
    ),
    avg_order_value: advancedFilter(__('AOV'), { component: 'Currency' }, { rules: numberRules() }),
    registered: advancedFilter(__('Registered'), { component: 'Date' }, { rules: dateRules() }),
    last_active: advancedFilter(__('Last active'), { component: 'Date' }, { rules: dateRules() }),
    ...sourceAdvancedFilters({ firstTouch: true }),
  },
};

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** A country code's name ("US" → "United States"), or the code when unknown. */
export function countryName(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * One customer's cells. Storelens has no user edit page, so the name links
 * to the customer's filtered view (this report narrowed to them, as every other report's
 * customer links do); a guest with no name shows "Guest".
 */
export function customerCells(row: ReportRow, context: RowContext) {
  const name = String(row.name ?? '').trim();
  const text = (key: string) => ({
    display: String(row[key] ?? ''),
    value: String(row[key] ?? ''),
  });
  const date = (key: string) => {
    const value = typeof row[key] === 'string' ? (row[key] as string) : '';
    return { display: context.formatDate(value) || '—', value: value.slice(0, 10) };
  };
  const money = (key: string) => ({
    display: context.formatAmount(Number(row[key] ?? 0)),
    value: Number(row[key] ?? 0),
  });
  const email = String(row.email ?? '');
  const country = String(row.country ?? '');
  return [
    name
      ? hrefCell(name, name, customerLink(Number(row.id ?? 0)))
      : { display: <span className="sl-report__pill">{__('Guest')}</span>, value: __('Guest') },
    text('username'),
    date('date_last_active'),
    date('date_registered'),
    {
      display: email ? (
        <a className="sl-link" href={`mailto:${email}`}>
          {email}
        </a>
      ) : (
        ''
      ),
      value: email,
    },
    {
      display: context.formatNumber(Number(row.orders_count ?? 0)),
      value: Number(row.orders_count ?? 0),
    },
    money('total_spend'),
    money('avg_order_value'),
    moneyCell(row.gross_profit, context),
    {
      display: country ? (
        <abbr title={countryName(country)} aria-label={countryName(country)}>
          {country}
        </abbr>
      ) : (
        ''
      ),
      value: country,
    },
    text('city'),
    text('state'),
    text('postcode'),
  ];
}

/** The Customers report: no date range, summary numbers or chart. */
export const customersReport: ReportDefinition = {
  id: 'customers',
  title: __('Customers'),
  showDatePicker: false,
  notice: () => <NarrowingNotice />,
  segments: {
    save: () => ({
      source: 'customers',
      filterQuery: (query) => ({
        ...getFilterQuery({
          endpoint: 'customers',
          query,
          filters: customersReport.filters?.(query, {}) ?? [],
          advancedFilters: customersAdvancedFilters,
        }),
        ...narrowingQuery(query),
      }),
    }),
  },
  statsQuery: (query) => narrowingQuery(query),
  filters: () => [
    {
      label: __('Show'),
      param: 'filter',
      staticParams: ['paged', 'per_page'],
      filters: [
        { value: 'all', label: __('All Customers') },
        {
          value: 'select_customer',
          label: __('Single Customer'),
          subFilters: [
            {
              component: 'Search',
              value: 'single_customer',
              label: __('Single Customer'),
              path: ['select_customer'],
              settings: {
                type: 'customers',
                param: 'customers',
                labels: { placeholder: __('Type to search for a customer') },
              },
            },
          ],
        },
        { value: 'advanced', label: __('Advanced filters') },
      ],
    },
  ],
  advancedFilters: () => customersAdvancedFilters,
  table: () => ({
    endpoint: 'customers',
    title: __('Customers'),
    columnsKey: 'customers_report_columns',
    headers: [
      { key: 'name', label: __('Name'), isSortable: true, required: true, isLeftAligned: true },
      { key: 'username', label: __('Username'), hiddenByDefault: true },
      { key: 'date_last_active', label: __('Last active'), isSortable: true, defaultSort: true },
      { key: 'date_registered', label: __('Date registered'), isSortable: true },
      { key: 'email', label: __('Email') },
      { key: 'orders_count', label: __('Orders'), isSortable: true, isNumeric: true },
      { key: 'total_spend', label: __('Total spend'), isSortable: true, isNumeric: true },
      {
        key: 'avg_order_value',
        label: __('AOV'),
        screenReaderLabel: __('Average order value'),
        isNumeric: true,
      },
      {
        // Of the orders the row counts; the default columns fill a 1400 px screen without it.
        key: 'gross_profit',
        label: __('Gross profit'),
        isSortable: true,
        isNumeric: true,
        hiddenByDefault: true,
      },
      { key: 'country', label: __('Country / Region'), isSortable: true },
      { key: 'city', label: __('City'), isSortable: true, hiddenByDefault: true },
      { key: 'state', label: __('Region'), isSortable: true, hiddenByDefault: true },
      { key: 'postcode', label: __('Postal code'), isSortable: true, hiddenByDefault: true },
    ],
    defaultOrderby: 'date_last_active',
    defaultOrder: 'desc',
    tableQuery: (query) => narrowingQuery(query),
    rowId: (row) => String(row.id),
    search: {
      autocompleter: { type: 'customers' },
      listPath: 'customers',
      idParam: 'customers',
      placeholder: __('Search by customer name'),
    },
    toCells: customerCells,
    summary: {
      fields: ['customers_count', 'avg_orders_count', 'avg_total_spend', 'avg_avg_order_value'],
      items: (t, c) => {
        const n = (key: string) => Number(t[key] ?? 0);
        return [
          countItem(c, n('customers_count'), __('customer'), __('customers')),
          { label: __('Average orders'), value: c.formatNumber(n('avg_orders_count')) },
          { label: __('Average lifetime spend'), value: c.formatAmount(n('avg_total_spend')) },
          { label: __('Average order value'), value: c.formatAmount(n('avg_avg_order_value')) },
        ];
      },
    },
  }),
};

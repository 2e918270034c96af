import { __, _x } from '@storelens/i18n';
import type { CompareCardSettings, ReportFilterConfig } from './types';

/** The orders report's "Show" dropdown: all orders or advanced filters. */
export function ordersReportFilters(): ReportFilterConfig[] {
  return [
    {
      label: __('Show'),
      param: 'filter',
      staticParams: ['chartType', 'paged', 'per_page'],
      filters: [
        { value: 'all', label: __('All orders') },
        { value: 'advanced', label: __('Advanced filters') },
      ],
    },
  ];
}

/**
 * The products report's "Show" dropdown: all, one product (search), a comparison (labelled
 * with `getProductLabels`) and a "Top sellers" group.
 */
export function productsReportFilters(
  getProductLabels: CompareCardSettings['getLabels'],
): ReportFilterConfig[] {
  return [
    {
      label: __('Show'),
      param: 'filter',
      staticParams: ['chartType', 'paged', 'per_page'],
      showFilters: () => true,
      filters: [
        { value: 'all', label: __('All products') },
        {
          value: 'select_product',
          label: __('Single product'),
          chartMode: 'item-comparison',
          subFilters: [
            {
              component: 'Search',
              value: 'single_product',
              label: __('Single product'),
              chartMode: 'item-comparison',
              path: ['select_product'],
              settings: {
                type: 'products',
                param: 'products',
                labels: { placeholder: __('Type to search for a product') },
              },
            },
          ],
        },
        {
          value: 'compare-products',
          label: __('Product comparison'),
          chartMode: 'item-comparison',
          settings: {
            type: 'products',
            param: 'products',
            getLabels: getProductLabels,
            labels: {
              helpText: __('Check at least two products below to compare'),
              placeholder: __('Search for products to compare'),
              title: __('Compare Products'),
              update: __('Compare'),
            },
          },
        },
        {
          value: 'top_level',
          label: _x('Top sellers', 'products report filter group'),
          subFilters: [
            { value: 'top_items', label: __('Top items sold'), path: ['top_level'] },
            { value: 'top_sales', label: __('Top net sales'), path: ['top_level'] },
          ],
        },
      ],
    },
  ];
}

/** The customers report's "Show" dropdown: all customers, one customer (search) or advanced. */
export function customersReportFilters(): ReportFilterConfig[] {
  return [
    {
      label: __('Show'),
      param: 'filter',
      staticParams: ['paged', 'per_page'],
      filters: [
        { value: 'all', label: __('All Customers') },
        {
          component: 'Search',
          value: 'single_customer',
          label: __('Single customer'),
          settings: {
            type: 'customers',
            param: 'customers',
            labels: { placeholder: __('Type to search for a customer') },
          },
        },
        { value: 'advanced', label: __('Advanced filters') },
      ],
    },
  ];
}

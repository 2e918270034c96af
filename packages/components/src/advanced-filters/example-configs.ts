import { __, _x } from '@storelens/i18n';
import type { AdvancedFiltersConfig } from './types';

/** Rules of filters holding ids. */
const includesRules = () => [
  { value: 'includes', label: _x('Includes', 'ids filter rule') },
  { value: 'excludes', label: _x('Excludes', 'ids filter rule') },
];

/** Rules of filters holding an amount or a count. */
const numberRules = () => [
  { value: 'max', label: _x('Less Than', 'number filter rule') },
  { value: 'min', label: _x('More Than', 'number filter rule') },
  { value: 'between', label: _x('Between', 'number filter rule') },
];

/** The orders report's advanced filters (status, product, coupon, customer type, refunds, tax rate, attribute). */
export function ordersAdvancedFilters(): AdvancedFiltersConfig {
  return {
    title: _x('Orders match {{select /}} filters', 'A sentence describing filters for Orders'),
    filters: {
      status: {
        labels: {
          add: __('Order status'),
          remove: __('Remove order status filter'),
          rule: __('Select an order status filter match'),
          title: __('{{title}}Order status{{/title}} {{rule /}} {{filter /}}'),
          filter: __('Select an order status'),
        },
        rules: [
          { value: 'is', label: _x('Is', 'order status filter rule') },
          { value: 'is_not', label: _x('Is Not', 'order status filter rule') },
        ],
        input: {
          component: 'SelectControl',
          options: [
            { value: 'processing', label: __('Processing') },
            { value: 'completed', label: __('Completed') },
            { value: 'on-hold', label: __('On hold') },
            { value: 'refunded', label: __('Refunded') },
            { value: 'failed', label: __('Failed') },
          ],
        },
      },
      product: {
        labels: {
          add: __('Products'),
          remove: __('Remove products filter'),
          rule: __('Select a product filter match'),
          title: __('{{title}}Product{{/title}} {{rule /}} {{filter /}}'),
          filter: __('Select products'),
          placeholder: __('Search products'),
        },
        rules: includesRules(),
        input: { component: 'Search', type: 'products' },
      },
      coupon: {
        labels: {
          add: __('Coupon code'),
          remove: __('Remove coupon filter'),
          rule: __('Select a coupon filter match'),
          title: __('{{title}}Coupon code{{/title}} {{rule /}} {{filter /}}'),
          filter: __('Select coupon codes'),
          placeholder: __('Search coupons'),
        },
        rules: includesRules(),
        input: { component: 'Search', type: 'coupons' },
      },
      customer_type: {
        labels: {
          add: __('Customer type'),
          remove: __('Remove customer filter'),
          rule: __('Select a customer filter match'),
          title: __('{{title}}Customer is{{/title}} {{filter /}}'),
          filter: __('Select a customer type'),
        },
        input: {
          component: 'SelectControl',
          options: [
            { value: 'new', label: __('New') },
            { value: 'returning', label: __('Returning') },
          ],
          defaultOption: 'new',
        },
      },
      refunds: {
        labels: {
          add: __('Refund'),
          remove: __('Remove refund filter'),
          rule: __('Select a refund filter match'),
          title: __('{{title}}Refund{{/title}} {{filter /}}'),
          filter: __('Select a refund type'),
        },
        input: {
          component: 'SelectControl',
          options: [
            { value: 'all', label: __('All') },
            { value: 'partial', label: __('Partially refunded') },
            { value: 'full', label: __('Fully refunded') },
            { value: 'none', label: __('None') },
          ],
          defaultOption: 'all',
        },
      },
      tax_rate: {
        labels: {
          add: __('Tax rates'),
          remove: __('Remove tax rate filter'),
          rule: __('Select a tax rate filter match'),
          title: __('{{title}}Tax rate{{/title}} {{rule /}} {{filter /}}'),
          filter: __('Select tax rates'),
          placeholder: __('Search tax rates'),
        },
        rules: includesRules(),
        input: { component: 'Search', type: 'taxes' },
      },
      attribute: {
        allowMultiple: true,
        labels: {
          add: __('Attribute'),
          remove: __('Remove attribute filter'),
          rule: __('Select a product attribute filter match'),
          title: __('{{title}}Attribute{{/title}} {{rule /}} {{filter /}}'),
          filter: __('Select attributes'),
          placeholder: __('Search attributes'),
        },
        rules: [
          { value: 'is', label: _x('Is', 'product attribute filter rule') },
          { value: 'is_not', label: _x('Is Not', 'product attribute filter rule') },
        ],
        input: { component: 'ProductAttribute' },
      },
    },
  };
}

/** The customers report's advanced filters (name, country, orders count, total spend, registered). */
export function customersAdvancedFilters(): AdvancedFiltersConfig {
  return {
    title: _x(
      'Customers match {{select /}} filters',
      'A sentence describing filters for Customers',
    ),
    filters: {
      name: {
        labels: {
          add: __('Name'),
          remove: __('Remove customer name filter'),
          rule: __('Select a customer name filter match'),
          title: __('{{title}}Name{{/title}} {{rule /}} {{filter /}}'),
          filter: __('Select customer name'),
          placeholder: __('Search customers'),
        },
        rules: includesRules(),
        input: { component: 'Search', type: 'customers' },
      },
      country: {
        labels: {
          add: __('Country / Region'),
          remove: __('Remove country / region filter'),
          rule: __('Select a country / region filter match'),
          title: __('{{title}}Country / Region{{/title}} {{rule /}} {{filter /}}'),
          filter: __('Select country / region'),
          placeholder: __('Search countries'),
        },
        rules: includesRules(),
        input: { component: 'Search', type: 'countries' },
      },
      orders_count: {
        labels: {
          add: __('No. of Orders'),
          remove: __('Remove order filter'),
          rule: __('Select an order count filter match'),
          title: __('{{title}}No. of Orders{{/title}} {{rule /}} {{filter /}}'),
          filter: __('Enter the number of orders'),
        },
        rules: numberRules(),
        input: { component: 'Number' },
      },
      total_spend: {
        labels: {
          add: __('Total Spend'),
          remove: __('Remove total spend filter'),
          rule: __('Select a total spend filter match'),
          title: __('{{title}}Total Spend{{/title}} {{rule /}} {{filter /}}'),
          filter: __('Enter the total spend'),
        },
        rules: numberRules(),
        input: { component: 'Currency' },
      },
      registered: {
        labels: {
          add: __('Registered'),
          remove: __('Remove registered filter'),
          rule: __('Select a registered filter match'),
          title: __('{{title}}Registered{{/title}} {{rule /}} {{filter /}}'),
          filter: __('Select registered date'),
        },
        rules: [
          { value: 'before', label: _x('Before', 'date filter rule') },
          { value: 'after', label: _x('After', 'date filter rule') },
          { value: 'between', label: _x('Between', 'date filter rule') },
        ],
        input: { component: 'Date' },
      },
    },
  };
}

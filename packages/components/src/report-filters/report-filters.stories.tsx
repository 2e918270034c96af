import type { Query, QueryInput } from '@storelens/navigation';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { createExampleApiFetch, exampleProductLabels } from '../advanced-filters/example-api';
import {
  customersAdvancedFilters,
  ordersAdvancedFilters,
} from '../advanced-filters/example-configs';
import { applyQueryUpdate } from '../advanced-filters/rows';
import { ApiFetchProvider } from '../search';
import {
  customersReportFilters,
  ordersReportFilters,
  productsReportFilters,
} from './example-configs';
import { ReportFilters, type ReportFiltersProps } from './report-filters';

const apiFetch = createExampleApiFetch();

/** The filters over a query kept in state, printed below like the URL would hold it. */
function Playground(props: ReportFiltersProps) {
  const [query, setQuery] = useState<Query>(props.query);
  const onNavigate = (next: QueryInput) => setQuery(applyQueryUpdate({}, next) as Query);
  return (
    <ApiFetchProvider apiFetch={apiFetch}>
      <ReportFilters {...props} query={query} onNavigate={onNavigate} />
      <p>
        Query: <output>{JSON.stringify(query)}</output>
      </p>
    </ApiFetchProvider>
  );
}

const meta = {
  title: 'Components/ReportFilters',
  component: ReportFilters,
  render: (args) => <Playground {...args} />,
  args: {
    filters: ordersReportFilters(),
    advancedFilters: ordersAdvancedFilters(),
    query: { period: 'month', compare: 'previous_year' },
    path: '/analytics/orders',
  },
} satisfies Meta<typeof ReportFilters>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Orders report: "Show" All orders or Advanced filters (which opens the panel card). */
export const Orders: Story = {};

/** Orders report with the advanced panel open in its own card. */
export const OrdersAdvanced: Story = {
  args: { query: { period: 'month', filter: 'advanced', status_is: 'processing' } },
};

/** Products report: a nested "Single product" search, a comparison and a "Top sellers" group. */
export const ProductsNested: Story = {
  args: { filters: productsReportFilters(exampleProductLabels), path: '/analytics/products' },
};

/** A sub-filter selected: the dropdown opens on its level, with a back button. */
export const ProductsSubFilterSelected: Story = {
  args: {
    filters: productsReportFilters(exampleProductLabels),
    path: '/analytics/products',
    query: { period: 'month', filter: 'top_sales' },
  },
};

/** A comparison: the CompareFilter card below the bar, with two products from the URL. */
export const ProductsComparison: Story = {
  args: {
    filters: productsReportFilters(exampleProductLabels),
    path: '/analytics/products',
    query: { period: 'month', filter: 'compare-products', products: '11,12' },
  },
};

/** The single-product search filter with its chosen product shown in the toggle and as a tag. */
export const ProductsSingleProduct: Story = {
  args: {
    filters: productsReportFilters(exampleProductLabels),
    path: '/analytics/products',
    query: { filter: 'single_product', products: '12' },
  },
};

/** Customers report: a single-customer search at the top level, and advanced filters. */
export const Customers: Story = {
  args: {
    filters: customersReportFilters(),
    advancedFilters: customersAdvancedFilters(),
    path: '/customers',
    query: { filter: 'advanced', orders_count_min: '2' },
  },
};

import type { Query, QueryInput } from '@storelens/navigation';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { ApiFetchProvider } from '../search';
import { AdvancedFilters, type AdvancedFiltersProps } from './advanced-filters';
import { createExampleApiFetch } from './example-api';
import { customersAdvancedFilters, ordersAdvancedFilters } from './example-configs';
import { applyQueryUpdate } from './rows';

const apiFetch = createExampleApiFetch();

/** The panel over a query kept in state: Filter, removing and clearing update it like a URL. */
function Playground(props: AdvancedFiltersProps) {
  const [query, setQuery] = useState<Query>(props.query);
  const onNavigate = (next: QueryInput) => setQuery(applyQueryUpdate({}, next) as Query);
  return (
    <ApiFetchProvider apiFetch={apiFetch}>
      <AdvancedFilters {...props} query={query} onNavigate={onNavigate} />
      <p>
        Query: <output>{JSON.stringify(query)}</output>
      </p>
    </ApiFetchProvider>
  );
}

const meta = {
  title: 'Components/AdvancedFilters',
  component: AdvancedFilters,
  render: (args) => <Playground {...args} />,
  args: {
    config: ordersAdvancedFilters(),
    query: { filter: 'advanced' },
    path: '/analytics/orders',
  },
} satisfies Meta<typeof AdvancedFilters>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Orders report, no filter yet: open "Add a Filter" (Enter, ↑/↓) and pick one. */
export const OrdersEmpty: Story = {};

/** Orders report with status, product, customer type and two attribute filters from the URL. */
export const OrdersWithFilters: Story = {
  args: {
    query: {
      filter: 'advanced',
      status_is: 'completed',
      product_includes: '11,12',
      customer_type: 'returning',
      attribute_is: [
        ['1', '101'],
        ['2', '202'],
      ],
    },
  },
};

/** Match any: the title's select reads "Any"; Filter sends `match=any`. */
export const OrdersMatchAny: Story = {
  args: {
    query: { filter: 'advanced', match: 'any', coupon_excludes: '22', refunds: 'full' },
  },
};

/** Customers report: name and country searches, a number, a currency and a date filter. */
export const Customers: Story = {
  args: {
    config: customersAdvancedFilters(),
    path: '/customers',
    query: { filter: 'advanced', country_includes: 'GB,DE' },
  },
};

/** Between rules: both ends must be valid before the range applies; Less Than keeps one value. */
export const CustomersRanges: Story = {
  args: {
    config: customersAdvancedFilters(),
    path: '/customers',
    query: {
      filter: 'advanced',
      orders_count_between: ['2', '10'],
      total_spend_min: '100',
      registered_between: ['2024-01-01', '2024-03-31'],
    },
  },
};

/** A store whose currency symbol goes on the right with a space. */
export const EuroCurrency: Story = {
  args: {
    config: customersAdvancedFilters(),
    path: '/customers',
    query: { filter: 'advanced', total_spend_max: '250' },
    currency: { symbol: '€', symbolPosition: 'right_space' },
  },
};

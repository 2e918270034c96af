import type { Query, QueryInput } from '@storelens/navigation';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdvancedFilters } from './advanced-filters';
import { customersAdvancedFilters, ordersAdvancedFilters } from './example-configs';
import type { AdvancedFiltersConfig, FilterInputProps } from './types';

function setup(query: Query, config: AdvancedFiltersConfig = ordersAdvancedFilters()) {
  const onNavigate = vi.fn<(next: QueryInput) => void>();
  const user = userEvent.setup();
  const view = render(
    <AdvancedFilters
      config={config}
      query={query}
      path="/analytics/orders"
      onNavigate={onNavigate}
    />,
  );
  return { user, onNavigate, ...view };
}

const filterButton = () => screen.getByRole('button', { name: 'Filter' });
const matchSelect = () => screen.getByRole('combobox', { name: 'Match all or any filters' });

async function addFilter(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('button', { name: 'Add a Filter' }));
  await user.click(screen.getByRole('menuitem', { name }));
}

describe('AdvancedFilters panel', () => {
  it('puts the All/Any select inside the title sentence', () => {
    setup({ filter: 'advanced' });
    const heading = screen.getByRole('heading', { level: 2 });
    expect(heading).toHaveTextContent(/^Orders match\s*AllAny\s*filters$/);
    expect(within(heading).getByRole('combobox')).toBe(matchSelect());
    expect(matchSelect()).toHaveValue('all');
  });

  it('reads match any from the query', () => {
    setup({ match: 'any', status_is: 'completed' });
    expect(matchSelect()).toHaveValue('any');
  });

  it('shows each filter in the query as a row with rule, value and remove', () => {
    setup({ status_is_not: 'failed', customer_type: 'returning' });
    const rows = screen.getAllByRole('group');
    expect(rows).toHaveLength(2);
    const status = screen.getByRole('group', { name: 'Order status' });
    expect(
      within(status).getByRole('combobox', { name: 'Select an order status filter match' }),
    ).toHaveValue('is_not');
    expect(within(status).getByRole('combobox', { name: 'Select an order status' })).toHaveValue(
      'failed',
    );
    expect(
      within(status).getByRole('button', { name: 'Remove order status filter' }),
    ).toBeInTheDocument();
    // A filter without rules has no rule select.
    const customer = screen.getByRole('group', { name: 'Customer type' });
    expect(within(customer).getAllByRole('combobox')).toHaveLength(1);
  });

  it('lists unused filters and filters allowing multiples in Add a Filter', async () => {
    const { user } = setup({ status_is: 'completed', attribute_is: [['1', '2']] });
    await user.click(screen.getByRole('button', { name: 'Add a Filter' }));
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual([
      'Products',
      'Coupon code',
      'Customer type',
      'Refund',
      'Tax rates',
      'Attribute',
    ]);
  });

  it('hides Add a Filter when every filter is in use and none allows multiples', () => {
    const config: AdvancedFiltersConfig = {
      title: 'Match {{select /}}',
      filters: { status: ordersAdvancedFilters().filters.status! },
    };
    setup({ status_is: 'completed' }, config);
    expect(screen.queryByRole('button', { name: 'Add a Filter' })).not.toBeInTheDocument();
  });

  it('adds a filter with its first rule and default option, and focuses it', async () => {
    const { user } = setup({});
    await addFilter(user, 'Customer type');
    const row = screen.getByRole('group', { name: 'Customer type' });
    const select = within(row).getByRole('combobox', { name: 'Select a customer type' });
    expect(select).toHaveValue('new');
    expect(select).toHaveFocus();
    await addFilter(user, 'Order status');
    const status = screen.getByRole('group', { name: 'Order status' });
    const rule = within(status).getByRole('combobox', {
      name: 'Select an order status filter match',
    });
    expect(rule).toHaveValue('is');
    expect(rule).toHaveFocus();
  });

  it('warns about an invalid default option and starts the select empty', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const config = ordersAdvancedFilters();
    const refunds = config.filters.refunds!;
    const broken: AdvancedFiltersConfig = {
      ...config,
      filters: {
        refunds: {
          ...refunds,
          input: { component: 'SelectControl', options: [], defaultOption: 'sometimes' },
        },
      },
    };
    const { user } = setup({}, broken);
    await addFilter(user, 'Refund');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('sometimes'));
    expect(screen.getByRole('combobox', { name: 'Select a refund type' })).toHaveValue('');
    warn.mockRestore();
  });

  it('opens Add a Filter with the keyboard, wraps with arrows and closes on Escape', async () => {
    const { user } = setup({});
    const add = screen.getByRole('button', { name: 'Add a Filter' });
    add.focus();
    await user.keyboard('{Enter}');
    const items = screen.getAllByRole('menuitem');
    expect(items[0]).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(items[items.length - 1]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items[0]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(add).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByRole('group', { name: 'Products' })).toBeInTheDocument();
  });
});

describe('Filter button', () => {
  it('is disabled when no filter is active', () => {
    setup({});
    expect(filterButton()).toBeDisabled();
  });

  it('is disabled while nothing changed, enabled after a change', async () => {
    const { user } = setup({ status_is: 'completed' });
    expect(filterButton()).toBeDisabled();
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Select an order status' }),
      'refunded',
    );
    expect(filterButton()).toBeEnabled();
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Select an order status' }),
      'completed',
    );
    expect(filterButton()).toBeDisabled();
  });

  it('counts a match change as a change', async () => {
    const { user } = setup({ status_is: 'completed' });
    await user.selectOptions(matchSelect(), 'any');
    expect(filterButton()).toBeEnabled();
  });

  it('navigates with key_rule params and leaves match out when all', async () => {
    const { user, onNavigate } = setup({
      period: 'month',
      filter: 'advanced',
      status_is: 'completed',
    });
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Select an order status filter match' }),
      'is_not',
    );
    await addFilter(user, 'Customer type');
    await user.click(filterButton());
    expect(onNavigate).toHaveBeenCalledWith({
      period: 'month',
      filter: 'advanced',
      status_is_not: 'completed',
      customer_type: 'new',
    });
  });

  it('navigates with match any when any is chosen', async () => {
    const { user, onNavigate } = setup({ status_is: 'completed' });
    await addFilter(user, 'Refund');
    await user.selectOptions(matchSelect(), 'any');
    await user.click(filterButton());
    expect(onNavigate).toHaveBeenCalledWith({
      status_is: 'completed',
      refunds: 'all',
      match: 'any',
    });
  });

  it('sends filters allowing multiples as arrays', async () => {
    const { user, onNavigate } = setup({
      attribute_is: [['1', '10']],
      status_is: 'completed',
    });
    await user.click(screen.getByRole('button', { name: 'Remove order status filter' }));
    await user.click(filterButton());
    expect(onNavigate).toHaveBeenCalledWith({ attribute_is: [['1', '10']] });
  });
});

describe('removing and clearing', () => {
  it('removing the last filter navigates to the report without filters', async () => {
    const { user, onNavigate } = setup({
      period: 'week',
      filter: 'advanced',
      match: 'any',
      status_is: 'completed',
    });
    await user.click(screen.getByRole('button', { name: 'Remove order status filter' }));
    expect(onNavigate).toHaveBeenCalledWith({ period: 'week', filter: 'advanced' });
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a Filter' })).toHaveFocus();
  });

  it('removing a filter that is not the last does not navigate', async () => {
    const { user, onNavigate } = setup({ status_is: 'completed', customer_type: 'new' });
    await user.click(screen.getByRole('button', { name: 'Remove order status filter' }));
    expect(onNavigate).not.toHaveBeenCalled();
    expect(screen.getAllByRole('group')).toHaveLength(1);
    expect(filterButton()).toBeEnabled();
  });

  it('Clear all filters resets the rows, sets match back to all and navigates', async () => {
    const { user, onNavigate } = setup({
      filter: 'advanced',
      match: 'any',
      status_is: 'completed',
      customer_type: 'new',
    });
    await user.click(screen.getByRole('button', { name: 'Clear all filters' }));
    expect(onNavigate).toHaveBeenCalledWith({ filter: 'advanced' });
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(matchSelect()).toHaveValue('all');
  });

  it('starts again from the query when the query changes', async () => {
    const { user, rerender } = setup({ status_is: 'completed' });
    await addFilter(user, 'Refund');
    expect(screen.getAllByRole('group')).toHaveLength(2);
    rerender(
      <AdvancedFilters
        config={ordersAdvancedFilters()}
        query={{ customer_type: 'returning', match: 'any' }}
        path="/analytics/orders"
        onNavigate={vi.fn()}
      />,
    );
    expect(screen.getAllByRole('group')).toHaveLength(1);
    expect(screen.getByRole('combobox', { name: 'Select a customer type' })).toHaveValue(
      'returning',
    );
    expect(matchSelect()).toHaveValue('any');
  });
});

describe('range inputs', () => {
  const customers = customersAdvancedFilters();

  it('commits a between range only once both ends are valid', async () => {
    const { user, onNavigate } = setup({}, customers);
    await addFilter(user, 'No. of Orders');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Select an order count filter match' }),
      'between',
    );
    await user.type(screen.getByRole('spinbutton', { name: 'No. of Orders range start' }), '2');
    expect(filterButton()).toBeDisabled();
    await user.type(screen.getByRole('spinbutton', { name: 'No. of Orders range end' }), '5');
    expect(filterButton()).toBeEnabled();
    await user.click(filterButton());
    expect(onNavigate).toHaveBeenCalledWith({ orders_count_between: ['2', '5'] });
  });

  it('stops applying a range when one end is cleared', async () => {
    const { user } = setup({ orders_count_between: ['2', '5'] }, customers);
    expect(filterButton()).toBeDisabled();
    await user.clear(screen.getByRole('spinbutton', { name: 'No. of Orders range end' }));
    // The range is incomplete: it would be dropped, so the filters changed.
    expect(filterButton()).toBeEnabled();
    await user.type(screen.getByRole('spinbutton', { name: 'No. of Orders range end' }), '5');
    expect(filterButton()).toBeDisabled();
  });

  it('collapses a range into one value for less than', async () => {
    const { user, onNavigate } = setup({ orders_count_between: ['2', '5'] }, customers);
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Select an order count filter match' }),
      'max',
    );
    expect(screen.getAllByRole('spinbutton')).toHaveLength(1);
    expect(screen.getByRole('spinbutton', { name: 'Enter the number of orders' })).toHaveValue(2);
    await user.click(filterButton());
    expect(onNavigate).toHaveBeenCalledWith({ orders_count_max: '2' });
  });

  it('keeps the one value as the range start when moving to between', async () => {
    const { user } = setup({ orders_count_min: '3' }, customers);
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Select an order count filter match' }),
      'between',
    );
    expect(screen.getByRole('spinbutton', { name: 'No. of Orders range start' })).toHaveValue(3);
    expect(screen.getByRole('spinbutton', { name: 'No. of Orders range end' })).toHaveValue(null);
  });

  it('shows the currency symbol and describes the row to screen readers', () => {
    setup({ total_spend_between: ['5', '10'] }, customers);
    const row = screen.getByRole('group', { name: 'Total Spend' });
    expect(row).toHaveTextContent('$');
    expect(row).toHaveTextContent('Total Spend Between $5 and $10');
  });

  it('gives no screen-reader text for a between rule missing a value', async () => {
    const { user } = setup({ total_spend_min: '5' }, customers);
    const row = screen.getByRole('group', { name: 'Total Spend' });
    expect(row).toHaveTextContent('Total Spend More Than $5');
    await user.selectOptions(
      within(row).getByRole('combobox', { name: 'Select a total spend filter match' }),
      'between',
    );
    expect(row).not.toHaveTextContent('Total Spend Between');
    expect(row).not.toHaveTextContent('Total Spend More Than');
    await user.type(within(row).getByRole('spinbutton', { name: 'Total Spend range end' }), '9');
    expect(row).toHaveTextContent('Total Spend Between $5 and $9');
  });

  it('describes one-value rules', () => {
    setup({ orders_count_max: '4' }, customers);
    expect(screen.getByRole('group', { name: 'No. of Orders' })).toHaveTextContent(
      'No. of Orders Less Than 4',
    );
  });
});

describe('date input', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2024-05-15T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('commits a date range only when both dates are valid, past and in order', async () => {
    const { user, onNavigate } = setup(
      { registered_after: '2024-01-01' },
      customersAdvancedFilters(),
    );
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Select a registered filter match' }),
      'between',
    );
    expect(screen.getByRole('combobox', { name: 'Registered range start' })).toHaveValue(
      '01/01/2024',
    );
    const end = screen.getByRole('combobox', { name: 'Registered range end' });
    const row = screen.getByRole('group', { name: 'Registered' });
    // A future day is refused.
    await user.type(end, '06/01/2024');
    expect(row).toHaveTextContent('Select a date in the past');
    expect(row).not.toHaveTextContent('Registered Between');
    // An end before the start is refused.
    await user.clear(end);
    await user.type(end, '2023-12-01');
    expect(row).not.toHaveTextContent('Registered Between');
    await user.clear(end);
    await user.type(end, '02/01/2024');
    expect(row).toHaveTextContent('Registered Between Jan 1, 2024 and Feb 1, 2024');
    await user.click(filterButton());
    expect(onNavigate).toHaveBeenCalledWith({ registered_between: ['2024-01-01', '2024-02-01'] });
  }, 20_000);

  it('reads a one-date rule and describes it with the screen-reader format', async () => {
    const { user, onNavigate } = setup(
      { registered_before: '2024-03-01' },
      customersAdvancedFilters(),
    );
    const field = screen.getByRole('combobox', { name: 'Select registered date' });
    expect(field).toHaveValue('03/01/2024');
    expect(screen.getByRole('group', { name: 'Registered' })).toHaveTextContent(
      'Registered Before Mar 1, 2024',
    );
    await user.clear(field);
    await user.type(field, '2024-04-02');
    await user.click(filterButton());
    expect(onNavigate).toHaveBeenCalledWith({ registered_before: '2024-04-02' });
  });
});

/** A replacement Number input: one button that sets five. */
function StarsInput({ config, onChange }: FilterInputProps<'Number'>) {
  return (
    <button type="button" onClick={() => onChange('5')}>
      {`${config.labels.add}: five`}
    </button>
  );
}

describe('replacing pieces', () => {
  it('renders a kind with the component given for it', async () => {
    const onNavigate = vi.fn();
    const user = userEvent.setup();
    render(
      <AdvancedFilters
        config={customersAdvancedFilters()}
        query={{}}
        path="/customers"
        onNavigate={onNavigate}
        components={{ Number: StarsInput }}
      />,
    );
    await addFilter(user, 'No. of Orders');
    await user.click(screen.getByRole('button', { name: 'No. of Orders: five' }));
    await user.click(filterButton());
    expect(onNavigate).toHaveBeenCalledWith({ orders_count_max: '5' });
  });
});

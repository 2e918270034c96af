import type { Query, QueryInput } from '@storelens/navigation';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createExampleApiFetch, exampleProductLabels } from '../advanced-filters/example-api';
import { ordersAdvancedFilters } from '../advanced-filters/example-configs';
import { ApiFetchProvider } from '../search';
import {
  customersReportFilters,
  ordersReportFilters,
  productsReportFilters,
} from './example-configs';
import { type CompareCardProps, ReportFilters, type ReportFiltersProps } from './report-filters';

/** A stand-in comparison card showing the settings and query it receives. */
function CompareCard({ query, labels }: CompareCardProps) {
  const title = (labels as { title?: string } | undefined)?.title ?? '';
  return (
    <section aria-label="Compare card">
      {title} {String(query.products ?? '')}
    </section>
  );
}

function setup(query: Query, props: Partial<ReportFiltersProps> = {}) {
  const onNavigate = vi.fn<(next: QueryInput) => void>();
  const user = userEvent.setup();
  render(
    <ApiFetchProvider apiFetch={createExampleApiFetch()}>
      <ReportFilters
        filters={productsReportFilters(exampleProductLabels)}
        query={query}
        path="/analytics/products"
        onNavigate={onNavigate}
        components={{ CompareCard }}
        {...props}
      />
    </ApiFetchProvider>,
  );
  return { user, onNavigate };
}

const toggle = (name: RegExp) => screen.getByRole('button', { name });
const slow = { timeout: 2000 };

describe('FilterPicker', () => {
  it('shows the selected filter, the default all when the param is absent', () => {
    setup({});
    expect(toggle(/^Show All products/)).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens on the selected filter and marks it current', async () => {
    const { user } = setup({ filter: 'top_sales' });
    await user.click(toggle(/^Show Top net sales/));
    const dialog = screen.getByRole('dialog', { name: 'Show' });
    const current = within(dialog).getByRole('button', { name: 'Top net sales' });
    expect(current).toHaveAttribute('aria-current', 'true');
    expect(current).toHaveFocus();
    // It opened one level down, under its group.
    expect(within(dialog).getByRole('button', { name: 'Back to Top sellers' })).toBeInTheDocument();
  });

  it('moves down into sub-filters and back up with the back button', async () => {
    const { user, onNavigate } = setup({});
    await user.click(toggle(/^Show All products/));
    await user.click(screen.getByRole('button', { name: /Top sellers/ }));
    expect(screen.getByRole('button', { name: 'Top items sold' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'All products' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Back to/ }));
    expect(screen.getByRole('button', { name: /Top sellers/ })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'All products' })).toBeInTheDocument();
    expect(onNavigate).not.toHaveBeenCalled();
  });

  it('selecting a leaf updates the query, keeping only persisted and static params', async () => {
    const { user, onNavigate } = setup({
      period: 'month',
      chartType: 'bar',
      filter: 'compare-products',
      products: '11,12',
      orderby: 'net_revenue',
    });
    await user.click(toggle(/^Show Product comparison/));
    await user.click(screen.getByRole('button', { name: /Top sellers/ }));
    await user.click(screen.getByRole('button', { name: 'Top items sold' }));
    expect(onNavigate).toHaveBeenCalledWith({
      period: 'month',
      chartType: 'bar',
      filter: 'top_items',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toggle(/^Show Product comparison/)).toHaveFocus();
  });

  it('the default value clears the param', async () => {
    const { user, onNavigate } = setup({ period: 'week', filter: 'top_items' });
    await user.click(toggle(/^Show Top items sold/));
    await user.click(screen.getByRole('button', { name: /^Back to/ }));
    await user.click(screen.getByRole('button', { name: 'All products' }));
    expect(onNavigate).toHaveBeenCalledWith({ period: 'week' });
  });

  it('works with the keyboard: arrows move, Enter chooses, Escape closes', async () => {
    const { user, onNavigate } = setup({});
    toggle(/^Show All products/).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'All products' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('button', { name: /Top sellers/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Top items sold' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toggle(/^Show All products/)).toHaveFocus();
    await user.keyboard('{Enter}{ArrowDown}{ArrowDown}{Enter}');
    expect(onNavigate).toHaveBeenCalledWith({ filter: 'compare-products' });
  });

  it('a search-type filter picks one record as a tag and writes its id', async () => {
    const { user, onNavigate } = setup({ period: 'month' });
    await user.click(toggle(/^Show All products/));
    await user.click(screen.getByRole('button', { name: /Single product/ }));
    const search = screen.getByRole('combobox', { name: 'Single product' });
    expect(search).toHaveFocus();
    await user.type(search, 'hood');
    await user.click(await screen.findByRole('option', { name: /Hoodie with Logo/ }, slow));
    expect(onNavigate).toHaveBeenCalledWith({
      period: 'month',
      filter: 'single_product',
      products: '12',
    });
  });

  it('shows the chosen record of a search-type filter in the toggle and as a tag', async () => {
    const { user, onNavigate } = setup({ filter: 'single_product', products: '13' });
    expect(
      await screen.findByRole('button', { name: /^Show Single product: Sunglasses/ }),
    ).toBeVisible();
    await user.click(toggle(/^Show Single product: Sunglasses/));
    const remove = await screen.findByRole('button', { name: 'Remove Sunglasses' });
    await user.click(remove);
    expect(onNavigate).toHaveBeenCalledWith({});
  });

  it('is hidden when showFilters says so', () => {
    const [config] = ordersReportFilters();
    setup({}, { filters: [{ ...config!, showFilters: (query) => query.period === 'year' }] });
    expect(screen.queryByRole('button', { name: /All orders/ })).not.toBeInTheDocument();
  });
});

describe('ReportFilters cards', () => {
  it('shows the comparison card for values starting with compare, with its settings', () => {
    setup({ filter: 'compare-products', products: '11,12' });
    expect(screen.getByRole('region', { name: 'Compare card' })).toHaveTextContent(
      'Compare Products 11,12',
    );
  });

  it('by default shows CompareFilter writing its param through the navigation', async () => {
    const { user, onNavigate } = setup(
      { period: 'month', filter: 'compare-products', products: '11,12' },
      { components: {} },
    );
    expect(await screen.findByRole('button', { name: 'Remove Hoodie with Logo' })).toBeVisible();
    expect(screen.getByText('Compare Products')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(onNavigate).toHaveBeenCalledWith({ period: 'month', filter: 'compare-products' });
  });

  it('shows no card for other values', () => {
    setup({ filter: 'top_items' });
    expect(screen.queryByRole('region', { name: 'Compare card' })).not.toBeInTheDocument();
  });

  it('shows the advanced filter panel in its own card when the filter is advanced', async () => {
    const { user, onNavigate } = setup(
      { filter: 'advanced', status_is: 'completed' },
      { filters: ordersReportFilters(), advancedFilters: ordersAdvancedFilters() },
    );
    const panel = screen.getByRole('region', { name: /Orders match/ });
    expect(panel.parentElement).toHaveClass('sl-report-filters__card');
    await user.selectOptions(
      within(panel).getByRole('combobox', { name: 'Match all or any filters' }),
      'any',
    );
    await user.click(within(panel).getByRole('button', { name: 'Filter' }));
    expect(onNavigate).toHaveBeenCalledWith({
      filter: 'advanced',
      status_is: 'completed',
      match: 'any',
    });
  });

  it('hides the advanced panel otherwise', () => {
    setup({}, { filters: ordersReportFilters(), advancedFilters: ordersAdvancedFilters() });
    expect(screen.queryByRole('region', { name: /Orders match/ })).not.toBeInTheDocument();
  });

  it('places the date picker first in the bar', () => {
    setup({}, { datePicker: <button type="button">Date range</button> });
    const bar = screen.getByRole('group', { name: 'Report filters' });
    expect(within(bar).getAllByRole('button')[0]).toHaveAccessibleName('Date range');
  });

  it('offers a search-type filter at the top level too', async () => {
    const { user } = setup({}, { filters: customersReportFilters() });
    await user.click(toggle(/^Show All Customers/));
    expect(screen.getByRole('combobox', { name: 'Single customer' })).toBeInTheDocument();
  });
});

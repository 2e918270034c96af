import type { Query, QueryInput } from '@storelens/navigation';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiFetchProvider } from '../search';
import { AdvancedFilters } from './advanced-filters';
import { createExampleApiFetch } from './example-api';
import { ordersAdvancedFilters } from './example-configs';
import { chosenOptions, splitIds } from './inputs/search-filter';

function setup(query: Query) {
  const onNavigate = vi.fn<(next: QueryInput) => void>();
  const apiFetch = vi.fn(createExampleApiFetch());
  const user = userEvent.setup();
  render(
    <ApiFetchProvider apiFetch={apiFetch}>
      <AdvancedFilters
        config={ordersAdvancedFilters()}
        query={query}
        path="/analytics/orders"
        onNavigate={onNavigate}
      />
    </ApiFetchProvider>,
  );
  return { user, onNavigate, apiFetch };
}

async function addFilter(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('button', { name: 'Add a Filter' }));
  await user.click(screen.getByRole('menuitem', { name }));
}

// The search input waits 500 ms after typing before it asks the API.
const slow = { timeout: 2000 };

describe('splitIds and chosenOptions', () => {
  it('split comma-separated ids, ignoring blanks', () => {
    expect(splitIds('11, 12,,13')).toEqual(['11', '12', '13']);
    expect(splitIds('')).toEqual([]);
  });

  it('prefer labels picked now, then fetched ones, else the id', () => {
    expect(
      chosenOptions(
        ['1', '2', '3'],
        [{ key: '1', label: 'Picked' }],
        [
          { key: '1', label: 'Old' },
          { key: '2', label: 'Fetched' },
        ],
      ).map((option) => option.label),
    ).toEqual(['Picked', 'Fetched', '3']);
  });
});

describe('Search input', () => {
  it('shows the labels of ids in the query as tags', async () => {
    setup({ product_includes: '11,13' });
    const row = screen.getByRole('group', { name: 'Products' });
    expect(await within(row).findByRole('button', { name: 'Remove Beanie' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Remove Sunglasses' })).toBeInTheDocument();
  });

  it('writes the chosen records as comma-separated ids', async () => {
    const { user, onNavigate } = setup({ product_includes: '11' });
    const row = screen.getByRole('group', { name: 'Products' });
    await within(row).findByRole('button', { name: 'Remove Beanie' });
    await user.type(within(row).getByRole('combobox', { name: 'Select products' }), 'sun');
    await user.click(await screen.findByRole('option', { name: /Sunglasses/ }, slow));
    expect(within(row).getByRole('button', { name: 'Remove Sunglasses' })).toBeInTheDocument();
    await user.selectOptions(
      within(row).getByRole('combobox', { name: 'Select a product filter match' }),
      'excludes',
    );
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(onNavigate).toHaveBeenCalledWith({ product_excludes: '11,13' });
  });
});

describe('ProductAttribute input', () => {
  it('loads the terms of the chosen attribute and sets [attribute, term]', async () => {
    const { user, onNavigate, apiFetch } = setup({});
    await addFilter(user, 'Attribute');
    const row = screen.getByRole('group', { name: 'Attribute' });
    expect(within(row).queryByRole('combobox', { name: 'Select a term' })).not.toBeInTheDocument();
    await user.type(within(row).getByRole('combobox', { name: 'Select attributes' }), 'col');
    await user.click(await screen.findByRole('option', { name: /Color/ }, slow));
    const terms = within(row).getByRole('combobox', { name: 'Select a term' });
    expect(await within(terms).findByRole('option', { name: 'Red' })).toBeInTheDocument();
    expect(apiFetch).toHaveBeenCalledWith(
      expect.stringMatching(/^\/wc-analytics\/products\/attributes\/1\/terms\?per_page=100/),
      expect.anything(),
    );
    expect(screen.getByRole('button', { name: 'Filter' })).toBeDisabled();
    await user.selectOptions(terms, 'Red');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(onNavigate).toHaveBeenCalledWith({ attribute_is: [['1', '101']] });
  });

  it('clears the term when another attribute is chosen', async () => {
    const { user } = setup({ attribute_is: [['1', '102']] });
    const row = screen.getByRole('group', { name: 'Attribute' });
    expect(await within(row).findByRole('button', { name: 'Remove Color' })).toBeInTheDocument();
    const terms = within(row).getByRole('combobox', { name: 'Select a term' });
    await within(terms).findByRole('option', { name: 'Blue' });
    expect(terms).toHaveValue('102');
    await user.click(within(row).getByRole('button', { name: 'Remove Color' }));
    await user.type(within(row).getByRole('combobox', { name: 'Select attributes' }), 'siz');
    await user.click(await screen.findByRole('option', { name: /Size/ }, slow));
    const sizeTerms = within(row).getByRole('combobox', { name: 'Select a term' });
    expect(await within(sizeTerms).findByRole('option', { name: 'Large' })).toBeInTheDocument();
    expect(sizeTerms).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Filter' })).toBeEnabled();
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SearchListControl } from './search-list-control';
import type { SearchListItem } from './types';

const categories: SearchListItem[] = [
  { id: 1, name: 'Clothing', count: 14, parent: 0 },
  { id: 3, name: 'Hoodies', count: 3, parent: 1 },
  { id: 4, name: 'Tshirts', count: 5, parent: 1 },
  { id: 2, name: 'Accessories', count: 5, parent: 0 },
];

describe('SearchListControl', () => {
  it('lists every item with a checkbox, children under parents', () => {
    render(<SearchListControl label="Search categories" items={categories} />);
    expect(screen.getAllByRole('checkbox').map((c) => c.closest('li')?.textContent)).toEqual([
      'Clothing14',
      'Hoodies3',
      'Tshirts5',
      'Accessories5',
    ]);
  });

  it("says 'No items found' when there are no items", () => {
    render(<SearchListControl label="Search categories" items={[]} />);
    expect(screen.getByText('No items found')).toBeInTheDocument();
  });

  it("filters by the search text, with breadcrumbs, and announces 'Search results updated'", async () => {
    const user = userEvent.setup();
    render(<SearchListControl label="Search categories" items={categories} />);
    await user.type(screen.getByRole('searchbox', { name: 'Search categories' }), 'hood');
    expect(screen.getAllByRole('checkbox')).toHaveLength(1);
    expect(screen.getByRole('checkbox', { name: 'Clothing › Hoodies' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Search results updated');
  });

  it("says 'No results for …' when the search matches nothing", async () => {
    const user = userEvent.setup();
    render(<SearchListControl label="Search categories" items={categories} />);
    await user.type(screen.getByRole('searchbox'), 'shoes');
    expect(screen.getByText('No results for shoes')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('chooses and unchooses items with checkboxes, showing tags and a count', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<SearchListControl label="Search categories" items={categories} onChange={onChange} />);
    await user.click(screen.getByRole('checkbox', { name: 'Hoodies' }));
    await user.click(screen.getByRole('checkbox', { name: 'Accessories' }));
    expect(onChange).toHaveBeenLastCalledWith([categories[1], categories[3]]);
    expect(screen.getByText('2 items selected')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Hoodies' }));
    expect(onChange).toHaveBeenLastCalledWith([categories[3]]);
    expect(screen.getByText('1 item selected')).toBeInTheDocument();
  });

  it('works from the keyboard (Tab to a checkbox, Space toggles)', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<SearchListControl label="Search categories" items={categories} onChange={onChange} />);
    await user.tab();
    expect(screen.getByRole('searchbox')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'Clothing' })).toHaveFocus();
    await user.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith([categories[0]]);
  });

  it('removes a tag, and Clear all empties the selection', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <SearchListControl
        label="Search categories"
        items={categories}
        defaultValue={[categories[0]!, categories[3]!]}
        onChange={onChange}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Remove Clothing' }));
    expect(onChange).toHaveBeenLastCalledWith([categories[3]]);
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
    expect(screen.queryByRole('button', { name: 'Clear all' })).not.toBeInTheDocument();
  });

  it('single mode uses radio buttons and reports one item', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <SearchListControl
        label="Search categories"
        items={categories}
        multiple={false}
        onChange={onChange}
      />,
    );
    await user.click(screen.getByRole('radio', { name: 'Tshirts' }));
    expect(onChange).toHaveBeenLastCalledWith(categories[2]);
    await user.click(screen.getByRole('radio', { name: 'Accessories' }));
    expect(onChange).toHaveBeenLastCalledWith(categories[3]);
    expect(screen.getByRole('radio', { name: 'Tshirts' })).not.toBeChecked();
  });

  it('is controlled by value', async () => {
    const user = userEvent.setup();
    render(
      <SearchListControl label="Search categories" items={categories} value={[categories[0]!]} />,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Hoodies' }));
    expect(screen.getByRole('checkbox', { name: 'Hoodies' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Clothing' })).toBeChecked();
  });

  it('takes replacement messages', () => {
    render(
      <SearchListControl
        label="Search categories"
        items={[]}
        messages={{ noItems: 'This store has no categories yet.' }}
      />,
    );
    expect(screen.getByText('This store has no categories yet.')).toBeInTheDocument();
  });
});

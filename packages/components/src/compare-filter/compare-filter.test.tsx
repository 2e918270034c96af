import { createAdminHistory, getQuery, setHistory } from '@storelens/navigation';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory } from 'history';
import { ApiFetchProvider } from '../search/api-fetch';
import { productsAutocompleter } from '../search/autocompleters';
import { createFakeApiFetch } from '../search/fake-api-fetch';
import { CompareFilter, type CompareFilterProps } from './compare-filter';

// Testing Library drains work with a setTimeout(0) it only advances for Jest's fake timers.
beforeAll(() => {
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
});
afterAll(() => vi.unstubAllGlobals());
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  setHistory();
});

const apiFetch = createFakeApiFetch();
const products = productsAutocompleter();
const getLabels = vi.fn((value: string) => products.getLabels(value.split(','), { apiFetch }));

const labels = {
  title: 'Compare Products',
  helpText: 'Check at least two products below to compare',
  placeholder: 'Search for products to compare',
  update: 'Compare',
};

function setup(props: Partial<CompareFilterProps> = {}) {
  const onChange = vi.fn();
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const all = {
    type: 'products',
    param: 'products',
    labels,
    getLabels,
    query: {},
    onChange,
    ...props,
  } as CompareFilterProps;
  const view = render(
    <ApiFetchProvider apiFetch={apiFetch}>
      <CompareFilter {...all} />
    </ApiFetchProvider>,
  );
  const rerender = (next: Partial<CompareFilterProps>) =>
    view.rerender(
      <ApiFetchProvider apiFetch={apiFetch}>
        <CompareFilter {...({ ...all, ...next } as CompareFilterProps)} />
      </ApiFetchProvider>,
    );
  return { user, onChange, rerender };
}

const settle = (ms = 0) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

async function choose(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.type(screen.getByRole('combobox', { name: 'Search' }), text);
  await settle(500);
  await user.keyboard('{Enter}');
}

const update = () => screen.getByRole('button', { name: 'Compare' });

describe('CompareFilter', () => {
  it('shows the title, the search box, Update and Clear all', () => {
    setup();
    expect(screen.getByRole('region', { name: 'Compare Products' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Compare Products' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Search' })).toHaveAttribute(
      'placeholder',
      'Search for products to compare',
    );
    expect(update()).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear all' })).toBeInTheDocument();
  });

  it('disables Update with a help tooltip while fewer than 2 items are chosen', async () => {
    const { user, onChange } = setup();
    expect(update()).toHaveAttribute('aria-disabled', 'true');
    expect(update()).toHaveAccessibleDescription('Check at least two products below to compare');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.hover(update());
    expect(screen.getByRole('tooltip')).toHaveTextContent(labels.helpText);
    await user.click(update());
    expect(onChange).not.toHaveBeenCalled();
    await choose(user, 'beanie');
    expect(update()).toHaveAttribute('aria-disabled', 'true');
  });

  it('shows the tooltip on keyboard focus and hides it with Escape', async () => {
    const { user } = setup();
    update().focus();
    await settle();
    expect(screen.getByRole('tooltip')).toBeVisible();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('writes the chosen keys comma-joined on Update', async () => {
    const { user, onChange } = setup();
    await choose(user, 'beanie');
    await choose(user, 'polo');
    expect(update()).toHaveAttribute('aria-disabled', 'false');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.click(update());
    expect(onChange).toHaveBeenLastCalledWith('14,19', 'products');
  });

  it('reads the labels of the keys in the query', async () => {
    const query = { products: '14,11', period: 'month' };
    setup({ query });
    await settle();
    expect(getLabels).toHaveBeenLastCalledWith('14,11', query);
    expect(screen.getByRole('button', { name: 'Remove Beanie' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Hoodie' })).toBeInTheDocument();
    expect(update()).toHaveAttribute('aria-disabled', 'false');
  });

  it('Clear all removes the param and the tags', async () => {
    const { user, onChange } = setup({ query: { products: '14,11' } });
    await settle();
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(onChange).toHaveBeenLastCalledWith(undefined, 'products');
    expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
  });

  it('emptying the selection clears the query', async () => {
    const { user, onChange } = setup({ query: { products: '14' } });
    await settle();
    await user.click(screen.getByRole('button', { name: 'Remove Beanie' }));
    expect(onChange).toHaveBeenLastCalledWith(undefined, 'products');
  });

  it('removing one of several tags does not write the query', async () => {
    const { user, onChange } = setup({ query: { products: '14,11' } });
    await settle();
    await user.click(screen.getByRole('button', { name: 'Remove Beanie' }));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('a new param name clears the selection and the query', async () => {
    const { onChange, rerender } = setup({ query: { products: '14,11' } });
    await settle();
    rerender({ param: 'variations', type: 'variations', query: { products: '14,11' } });
    await settle();
    expect(onChange).toHaveBeenLastCalledWith(undefined, 'variations');
    expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
  });

  it('the param leaving the query empties the selection', async () => {
    const { rerender } = setup({ query: { products: '14,11' } });
    await settle();
    rerender({ query: {} });
    await settle();
    expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
  });

  it('navigates by default, keeping the rest of the query', async () => {
    setHistory(
      createAdminHistory(
        createMemoryHistory({
          initialEntries: [
            '/wp-admin/admin.php?page=wc-admin&path=/analytics/products&period=week',
          ],
        }),
      ),
    );
    const { user } = setup({ onChange: undefined, query: undefined });
    await choose(user, 'cap');
    await choose(user, 'belt');
    await user.click(update());
    expect(getQuery()).toEqual({
      page: 'wc-admin',
      path: '/analytics/products',
      period: 'week',
      products: '16,15',
    });
  });
});

import { createAdminHistory, setHistory } from '@storelens/navigation';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory } from 'history';
import { Component, type ReactNode } from 'react';
import type { SearchOption } from '../search-select/types';
import { type ApiFetch, ApiFetchProvider } from './api-fetch';
import { createFakeApiFetch } from './fake-api-fetch';
import { INVALID_AUTOCOMPLETER_MESSAGE } from './resolve-autocompleter';
import { Search, type SearchProps } from './search';
import type { Autocompleter } from './types';
import { useSearchLabels } from './use-search-labels';

// Testing Library drains work with a setTimeout(0) that it only advances itself when it sees
// Jest's fake timers; give it Vitest's clock under the name it looks for.
beforeAll(() => {
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
});

afterAll(() => {
  vi.unstubAllGlobals();
});

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

function setup(props: SearchProps, apiFetch: ApiFetch = createFakeApiFetch()) {
  const spy = vi.fn(apiFetch);
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  render(
    <ApiFetchProvider apiFetch={spy}>
      <Search {...props} />
    </ApiFetchProvider>,
  );
  return { user, apiFetch: spy, input: screen.getByRole('combobox', { name: props.label }) };
}

const wait = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

const optionNames = () => screen.queryAllByRole('option').map((o) => o.textContent);

describe('Search', () => {
  it('searches 500 ms after the last keystroke, once', async () => {
    const { user, apiFetch, input } = setup({
      type: 'products',
      label: 'Products',
      multiple: true,
    });
    await user.type(input, 'hoo');
    await wait(499);
    expect(apiFetch).not.toHaveBeenCalled();
    await wait(1);
    expect(apiFetch).toHaveBeenCalledTimes(1);
    expect(apiFetch.mock.calls[0]?.[0]).toBe(
      '/wc-analytics/products?search=hoo&per_page=10&orderby=popularity',
    );
    expect(optionNames()).toEqual(['Hoodie', 'Hoodie with Logo', 'Hoodie with Zipper']);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('status')).toHaveTextContent(
      '3 results found, use up and down arrow keys to navigate.',
    );
  });

  it('restarts the debounce on each keystroke', async () => {
    const { user, apiFetch, input } = setup({ type: 'products', label: 'Products' });
    await user.type(input, 'h');
    await wait(400);
    await user.type(input, 'o');
    await wait(400);
    expect(apiFetch).not.toHaveBeenCalled();
    await wait(100);
    expect(apiFetch).toHaveBeenCalledTimes(1);
    expect(apiFetch.mock.calls[0]?.[0]).toContain('search=ho&');
  });

  it('aborts a request superseded by newer text', async () => {
    const slow = createFakeApiFetch({ delayMs: 300 });
    const { user, apiFetch, input } = setup({ type: 'coupons', label: 'Coupons' }, slow);
    await user.type(input, 'su');
    await wait(500);
    const firstSignal = apiFetch.mock.calls[0]?.[1]?.signal;
    await user.type(input, 'm');
    expect(firstSignal?.aborted).toBe(true);
    await wait(800);
    expect(optionNames()).toEqual(['summer10', 'summer-vip']);
  });

  it('announces "No results." when the search finds nothing', async () => {
    const { user, input } = setup({ type: 'coupons', label: 'Coupons' });
    await user.type(input, 'zzz');
    await wait(500);
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('status')).toHaveTextContent('No results.');
  });

  it('announces nothing while the search is pending', async () => {
    const { user, input } = setup({ type: 'coupons', label: 'Coupons' });
    await user.type(input, 'zzz');
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('shows product thumbnails at 18 px in results', async () => {
    const { user, input } = setup({ type: 'products', label: 'Products' });
    await user.type(input, 'beanie');
    await wait(500);
    const option = screen.getByRole('option', { name: 'Beanie' });
    const image = option.querySelector('img');
    expect(image).toHaveAttribute('width', '18');
    expect(image).toHaveAttribute('height', '18');
    expect(image).toHaveAttribute('alt', '');
  });

  it('chooses a result with the keyboard and reports it', async () => {
    const onChange = vi.fn();
    const { user, input } = setup({
      type: 'customers',
      label: 'Customers',
      multiple: true,
      onChange,
    });
    await user.type(input, 'jan');
    await wait(500);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledTimes(1);
    const chosen: SearchOption[] = onChange.mock.calls[0]?.[0];
    expect(chosen.map((o) => [o.key, o.label])).toEqual([['66', 'Janet Jones']]);
    expect(screen.getByRole('button', { name: 'Remove Janet Jones' })).toBeInTheDocument();
  });

  it('searches customers by e-mail when asked', async () => {
    const { user, apiFetch, input } = setup({
      type: 'customers',
      searchBy: 'email',
      label: 'E-mail',
    });
    await user.type(input, 'aiko');
    await wait(500);
    expect(apiFetch.mock.calls[0]?.[0]).toContain('searchby=email');
    expect(optionNames()).toEqual(['aiko@example.jp']);
  });

  it('uses the product-scoped variations endpoint when a product is given', async () => {
    const { user, apiFetch, input } = setup({
      type: 'variations',
      productId: 11,
      label: 'Variation',
    });
    await user.type(input, 'blue');
    await wait(500);
    expect(apiFetch.mock.calls[0]?.[0]).toMatch(/^\/wc-analytics\/products\/11\/variations\?/);
    expect(optionNames()).toEqual(['Hoodie - Blue, Yes', 'Hoodie - Blue, No']);
  });

  it('uses the product filter of the URL for variations when no product is given', async () => {
    setHistory(
      createAdminHistory(
        createMemoryHistory({
          initialEntries: [
            '/wp-admin/admin.php?page=wc-admin&path=/analytics/variations&products=18',
          ],
        }),
      ),
    );
    try {
      const { user, apiFetch, input } = setup({ type: 'variations', label: 'Variation' });
      await user.type(input, 'e');
      await wait(500);
      expect(apiFetch.mock.calls[0]?.[0]).toMatch(/^\/wc-analytics\/products\/18\/variations\?/);
    } finally {
      setHistory();
    }
  });

  it('searches all variations when the URL has no product filter', async () => {
    setHistory(
      createAdminHistory(
        createMemoryHistory({ initialEntries: ['/wp-admin/admin.php?page=wc-admin'] }),
      ),
    );
    try {
      const { user, apiFetch, input } = setup({ type: 'variations', label: 'Variation' });
      await user.type(input, 'e');
      await wait(500);
      expect(apiFetch.mock.calls[0]?.[0]).toMatch(/^\/wc-analytics\/variations\?/);
    } finally {
      setHistory();
    }
  });

  it('runs a custom autocompleter', async () => {
    const autocompleter: Autocompleter = {
      name: 'fruit',
      search: async (query) =>
        ['Apple', 'Apricot', 'Banana']
          .filter((f) => f.toLowerCase().startsWith(query.toLowerCase()))
          .map((f) => ({ key: f, label: f })),
      getLabels: async (ids) => ids.map((id) => ({ key: id, label: id })),
      renderOption: (option) => <span>{`🍎 ${option.label}`}</span>,
    };
    const { user, input } = setup({ type: 'custom', autocompleter, label: 'Fruit' });
    await user.type(input, 'ap');
    await wait(500);
    expect(optionNames()).toEqual(['🍎 Apple', '🍎 Apricot']);
  });

  it('throws for a custom type without an autocompleter', () => {
    const errors: unknown[] = [];
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <Boundary onError={(error) => errors.push(error)}>
        <Search {...({ type: 'custom', label: 'Broken' } as unknown as SearchProps)} />
      </Boundary>,
    );
    quiet.mockRestore();
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toContain(INVALID_AUTOCOMPLETER_MESSAGE);
  });

  it('labels preselected ids with one include request (useSearchLabels)', async () => {
    const apiFetch = vi.fn(createFakeApiFetch());
    render(
      <ApiFetchProvider apiFetch={apiFetch}>
        <PreselectedProducts ids={[14, 11]} />
      </ApiFetchProvider>,
    );
    // The ids stand in until the labels arrive.
    expect(screen.getByRole('button', { name: 'Remove 14' })).toBeInTheDocument();
    await wait(0);
    expect(apiFetch).toHaveBeenCalledTimes(1);
    expect(apiFetch.mock.calls[0]?.[0]).toBe('/wc-analytics/products?include=14,11&per_page=2');
    expect(
      screen.getAllByRole('button', { name: /^Remove / }).map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Remove Beanie', 'Remove Hoodie']);
  });
});

function PreselectedProducts({ ids }: { ids: number[] }) {
  const { options } = useSearchLabels(productsForLabels, ids);
  return <Search type="products" label="Products" multiple value={options} />;
}

import { productsAutocompleter } from './autocompleters';

const productsForLabels = productsAutocompleter();

class Boundary extends Component<{ onError: (error: unknown) => void; children: ReactNode }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

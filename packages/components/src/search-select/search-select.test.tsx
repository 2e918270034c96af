import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { type OptionLabelProps, SearchSelect, type SearchSelectProps } from './search-select';
import type { SearchOption } from './types';

const fruit: SearchOption[] = [
  { key: 'apple', label: 'Apple' },
  { key: 'apricot', label: 'Apricot' },
  { key: 'banana', label: 'Banana', keywords: ['yellow'] },
  { key: 'cherry', label: 'Cherry' },
];

function renderMultiple(onChange = vi.fn(), defaultValue: SearchOption[] = []) {
  render(
    <>
      <SearchSelect
        multiple
        label="Fruit"
        options={fruit}
        defaultValue={defaultValue}
        onChange={onChange}
      />
      <button type="button">Elsewhere</button>
    </>,
  );
  return { input: screen.getByRole('combobox', { name: 'Fruit' }), onChange };
}

function Owner() {
  const [value, setValue] = useState<SearchOption[]>([]);
  return <SearchSelect multiple label="Fruit" options={fruit} value={value} onChange={setValue} />;
}

function ExclaimedLabel({ option }: OptionLabelProps) {
  return <em>{`${option.label}!`}</em>;
}

const tagNames = () =>
  screen.queryAllByRole('button', { name: /^Remove / }).map((b) => b.getAttribute('aria-label'));

describe('SearchSelect', () => {
  it('is collapsed until the user types, then opens with the matching options', async () => {
    const user = userEvent.setup();
    const { input } = renderMultiple();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    await user.type(input, 'ap');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('listbox', { name: 'Fruit' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Apple', 'Apricot']);
    expect(input).toHaveAttribute('aria-controls', list.id);
  });

  it('matches keywords too', async () => {
    const user = userEvent.setup();
    const { input } = renderMultiple();
    await user.type(input, 'yel');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Banana']);
  });

  it('stays closed when typing finds nothing, and announces "No results."', async () => {
    const user = userEvent.setup();
    const { input } = renderMultiple();
    await user.type(input, 'kiwi');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('status')).toHaveTextContent('No results.');
  });

  it('announces the number of results with plurals', async () => {
    const user = userEvent.setup();
    const { input } = renderMultiple();
    await user.type(input, 'ap');
    expect(screen.getByRole('status')).toHaveTextContent(
      '2 results found, use up and down arrow keys to navigate.',
    );
    await user.type(input, 'p');
    expect(screen.getByRole('status')).toHaveTextContent(
      '1 result found, use up and down arrow keys to navigate.',
    );
  });

  it('highlights the first result while typing and Enter chooses it', async () => {
    const user = userEvent.setup();
    const { input, onChange } = renderMultiple();
    await user.type(input, 'ap');
    const first = screen.getByRole('option', { name: 'Apple' });
    expect(input).toHaveAttribute('aria-activedescendant', first.id);
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith([{ key: 'apple', label: 'Apple' }]);
    expect(tagNames()).toEqual(['Remove Apple']);
    expect(input).toHaveValue('');
  });

  it('moves the highlight with ↑/↓ and wraps around at both ends', async () => {
    const user = userEvent.setup();
    const { input } = renderMultiple();
    await user.type(input, 'ap');
    const [apple, apricot] = screen.getAllByRole('option');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', apricot?.id);
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', apple?.id);
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', apricot?.id);
  });

  it('opens with ↓ on an empty query, highlighting the first option', async () => {
    const user = userEvent.setup();
    const { input } = renderMultiple();
    await user.click(input);
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: 'Apple' }).id,
    );
  });

  it('Tab chooses the highlighted option and closes the list', async () => {
    const user = userEvent.setup();
    const { input, onChange } = renderMultiple();
    await user.type(input, 'ch');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith([{ key: 'cherry', label: 'Cherry' }]);
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('Tab with nothing highlighted chooses nothing', async () => {
    const user = userEvent.setup();
    const { input, onChange } = renderMultiple();
    await user.click(input);
    await user.tab();
    expect(onChange).not.toHaveBeenCalled();
  });

  it.each(['{Escape}', '{ArrowLeft}', '{ArrowRight}'])('%s closes the list', async (key) => {
    const user = userEvent.setup();
    const { input, onChange } = renderMultiple();
    await user.type(input, 'ap');
    await user.keyboard(key);
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    // Closed means Enter no longer chooses.
    await user.keyboard('{Enter}');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('a click outside closes the list', async () => {
    const user = userEvent.setup();
    const { input } = renderMultiple();
    await user.type(input, 'ap');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('a click on an option chooses it and keeps focus in the input', async () => {
    const user = userEvent.setup();
    const { input, onChange } = renderMultiple();
    await user.type(input, 'an');
    await user.click(screen.getByRole('option', { name: 'Banana' }));
    expect(onChange).toHaveBeenLastCalledWith([
      { key: 'banana', label: 'Banana', keywords: ['yellow'] },
    ]);
    expect(input).toHaveFocus();
  });

  it('Backspace on an empty query removes the last tag, not before', async () => {
    const user = userEvent.setup();
    const { input, onChange } = renderMultiple(vi.fn(), [fruit[0]!, fruit[3]!]);
    await user.type(input, 'x');
    await user.keyboard('{Backspace}');
    expect(onChange).not.toHaveBeenCalled();
    expect(tagNames()).toEqual(['Remove Apple', 'Remove Cherry']);
    await user.keyboard('{Backspace}');
    expect(onChange).toHaveBeenLastCalledWith([fruit[0]]);
    expect(tagNames()).toEqual(['Remove Apple']);
  });

  it('choosing an already chosen option does nothing', async () => {
    const user = userEvent.setup();
    const { input, onChange } = renderMultiple(vi.fn(), [fruit[0]!]);
    await user.type(input, 'apple');
    expect(screen.getByRole('option', { name: 'Apple' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('option', { name: 'Apple' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(tagNames()).toEqual(['Remove Apple']);
  });

  it('a tag button removes its option', async () => {
    const user = userEvent.setup();
    const { onChange } = renderMultiple(vi.fn(), [fruit[0]!, fruit[1]!]);
    await user.click(screen.getByRole('button', { name: 'Remove Apple' }));
    expect(onChange).toHaveBeenLastCalledWith([fruit[1]]);
  });

  it('single mode replaces the choice and reports one option or null', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<SearchSelect label="Fruit" options={fruit} onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Fruit' });
    expect(screen.getByRole('listbox', { hidden: true })).not.toHaveAttribute(
      'aria-multiselectable',
    );
    await user.type(input, 'ban{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(fruit[2]);
    await user.type(input, 'che{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(fruit[3]);
    expect(tagNames()).toEqual(['Remove Cherry']);
    await user.keyboard('{Backspace}');
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(tagNames()).toEqual([]);
  });

  it('is controlled when given a value: shows the value, reports but does not change by itself', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <SearchSelect
        multiple
        label="Fruit"
        options={fruit}
        value={[fruit[0]!]}
        onChange={onChange}
      />,
    );
    await user.type(screen.getByRole('combobox'), 'che{Enter}');
    expect(onChange).toHaveBeenLastCalledWith([fruit[0], fruit[3]]);
    expect(tagNames()).toEqual(['Remove Apple']);
  });

  it('follows the controlled value when the owner updates it', async () => {
    const user = userEvent.setup();
    render(<Owner />);
    await user.type(screen.getByRole('combobox'), 'app{Enter}che{Enter}');
    expect(tagNames()).toEqual(['Remove Apple', 'Remove Cherry']);
  });

  it('respects maxResults', async () => {
    const user = userEvent.setup();
    render(<SearchSelect label="Fruit" options={fruit} maxResults={2} />);
    await user.type(screen.getByRole('combobox'), 'a');
    expect(screen.getAllByRole('option')).toHaveLength(2);
  });

  it('does not announce while loading', async () => {
    const user = userEvent.setup();
    render(<SearchSelect label="Fruit" options={[]} loading />);
    await user.type(screen.getByRole('combobox'), 'a');
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('replaces the option content with components.OptionLabel', async () => {
    const user = userEvent.setup();
    render(
      <SearchSelect label="Fruit" options={fruit} components={{ OptionLabel: ExclaimedLabel }} />,
    );
    await user.type(screen.getByRole('combobox'), 'che');
    expect(screen.getByRole('option', { name: 'Cherry!' })).toBeInTheDocument();
  });

  it('emphasises the matched text by default', async () => {
    const user = userEvent.setup();
    const { input } = renderMultiple();
    await user.type(input, 'ric');
    const option = screen.getByRole('option', { name: 'Apricot' });
    expect(option.querySelector('strong')).toHaveTextContent('ric');
  });

  it('reports typed text through onQueryChange', async () => {
    const user = userEvent.setup();
    const onQueryChange = vi.fn();
    render(<SearchSelect label="Fruit" options={fruit} onQueryChange={onQueryChange} />);
    await user.type(screen.getByRole('combobox'), 'ab');
    expect(onQueryChange).toHaveBeenLastCalledWith('ab');
  });
});

describe('SearchSelect types', () => {
  it('reports one option or null in single mode and a list in multiple mode', () => {
    type Single = Extract<SearchSelectProps<number>, { multiple?: false }>;
    type Multiple = Extract<SearchSelectProps<number>, { multiple: true }>;
    expectTypeOf<
      Parameters<NonNullable<Single['onChange']>>[0]
    >().toEqualTypeOf<SearchOption<number> | null>();
    expectTypeOf<Parameters<NonNullable<Multiple['onChange']>>[0]>().toEqualTypeOf<
      SearchOption<number>[]
    >();
    expectTypeOf<SearchOption<number>['value']>().toEqualTypeOf<number | undefined>();
  });
});

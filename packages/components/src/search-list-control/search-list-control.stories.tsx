import type { Meta, StoryObj } from '@storybook/react-vite';
import { SearchListControl, type SearchListControlProps } from './search-list-control';
import type { SearchListItem } from './types';

const categories: SearchListItem[] = [
  { id: 1, name: 'Clothing', count: 14, parent: 0 },
  { id: 3, name: 'Hoodies', count: 3, parent: 1 },
  { id: 4, name: 'Tshirts', count: 5, parent: 1 },
  { id: 7, name: 'Long sleeve', count: 2, parent: 4 },
  { id: 2, name: 'Accessories', count: 5, parent: 0 },
  { id: 5, name: 'Music', count: 2, parent: 0 },
  { id: 6, name: 'Decor', count: 1, parent: 0 },
];

const meta = {
  title: 'Components/SearchListControl',
  component: SearchListControl,
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 420 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof SearchListControl>;

export default meta;
type Story = StoryObj;

const story = (props: Partial<SearchListControlProps>): Story => ({
  render: () => (
    <SearchListControl
      {...({
        label: 'Search for categories',
        items: categories,
        ...props,
      } as SearchListControlProps)}
    />
  ),
});

/** Checkboxes; children indented under parents; try searching "sh". */
export const Multiple = story({});

/** Some categories already chosen, with tags and Clear all. */
export const WithSelection = story({ defaultValue: [categories[1]!, categories[4]!] });

/** Radio buttons: one category. */
export const Single = story({ multiple: false, defaultValue: categories[5]! });

/** No items at all: 'No items found'. */
export const Empty = story({ items: [] });

/** Loading: the list is busy. */
export const Loading = story({ items: [], loading: true });

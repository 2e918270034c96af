import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { SearchSelect } from './search-select';
import type { SearchOption } from './types';

const countries: SearchOption<string>[] = [
  { key: 'AU', label: 'Australia', value: 'AU' },
  { key: 'AT', label: 'Austria', value: 'AT' },
  { key: 'BE', label: 'Belgium', value: 'BE' },
  { key: 'BR', label: 'Brazil', value: 'BR' },
  { key: 'CA', label: 'Canada', value: 'CA' },
  { key: 'DE', label: 'Germany', keywords: ['Deutschland'], value: 'DE' },
  { key: 'ES', label: 'Spain', keywords: ['España'], value: 'ES' },
  { key: 'FR', label: 'France', value: 'FR' },
  { key: 'GB', label: 'United Kingdom (UK)', keywords: ['Britain', 'England'], value: 'GB' },
  { key: 'IE', label: 'Ireland', value: 'IE' },
  { key: 'NZ', label: 'New Zealand', value: 'NZ' },
  { key: 'US', label: 'United States (US)', keywords: ['America'], value: 'US' },
];

const meta = {
  title: 'Components/SearchSelect',
  component: SearchSelect,
  args: { label: 'Country', options: countries, placeholder: 'Type a country name' },
} satisfies Meta<typeof SearchSelect>;

export default meta;
type Story = StoryObj<typeof meta>;

/** One choice, shown as a single tag; type "a", use ↑/↓ and Enter. */
export const Single: Story = {};

/** Several choices as tags; Backspace on empty text removes the last one. */
export const Multiple: Story = {
  args: { multiple: true, defaultValue: [countries[7]!, countries[5]!] },
};

/** The label is hidden visually but still names the input for screen readers. */
export const HiddenLabel: Story = { args: { hideLabel: true, multiple: true } };

/** At most three options at once. */
export const MaxResults: Story = { args: { maxResults: 3 } };

/** Nothing can be changed. */
export const Disabled: Story = { args: { disabled: true, defaultValue: countries[0]! } };

/** The owner keeps the value; the chosen keys are printed below. */
export const Controlled: Story = {
  render: (args) => {
    const [value, setValue] = useState<SearchOption[]>([countries[11]!]);
    return (
      <div>
        <SearchSelect
          label={args.label}
          options={args.options}
          multiple
          value={value}
          onChange={setValue}
        />
        <p>Chosen: {value.map((option) => option.key).join(', ') || 'none'}</p>
      </div>
    );
  },
};

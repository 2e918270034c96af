import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { ApiFetchProvider } from '../search/api-fetch';
import { productsAutocompleter, variationsAutocompleter } from '../search/autocompleters';
import { createFakeApiFetch } from '../search/fake-api-fetch';
import { CompareFilter } from './compare-filter';

const apiFetch = createFakeApiFetch({ delayMs: 250 });
const products = productsAutocompleter();
const variations = variationsAutocompleter();

const meta = {
  title: 'Components/CompareFilter',
  component: CompareFilter,
  decorators: [
    (Story) => (
      <ApiFetchProvider apiFetch={apiFetch}>
        <div style={{ maxWidth: 720, minHeight: 320 }}>
          <Story />
        </div>
      </ApiFetchProvider>
    ),
  ],
} satisfies Meta<typeof CompareFilter>;

export default meta;
type Story = StoryObj;

/** Holds the query in state so the story shows what Update and Clear all write. */
function Demo({
  initial,
  kind,
}: {
  initial: Record<string, string>;
  kind: 'products' | 'variations';
}) {
  const [query, setQuery] = useState<Record<string, string>>(initial);
  const param = kind;
  return (
    <div>
      <CompareFilter
        type={kind}
        param={param}
        query={query}
        labels={
          kind === 'products'
            ? {
                title: 'Compare Products',
                helpText: 'Check at least two products below to compare',
                placeholder: 'Search for products to compare',
                search: 'Search products',
              }
            : {
                title: 'Compare Variations',
                helpText: 'Check at least two variations below to compare',
                placeholder: 'Search for variations to compare',
                search: 'Search variations',
              }
        }
        getLabels={(value) =>
          (kind === 'products' ? products : variations).getLabels(value.split(','), { apiFetch })
        }
        onChange={(value) => {
          const { [param]: _old, ...rest } = query;
          setQuery(value === undefined ? rest : { ...rest, [param]: value });
        }}
      />
      <p>
        Query: <code>{new URLSearchParams(query).toString() || '(empty)'}</code>
      </p>
    </div>
  );
}

/** Nothing chosen yet: Update is disabled with its help tooltip (hover or focus it). */
export const Empty: Story = { render: () => <Demo kind="products" initial={{}} /> };

/** Two products from the query, labelled through `getLabels`; Update is enabled. */
export const FromQuery: Story = {
  render: () => <Demo kind="products" initial={{ products: '14,11' }} />,
};

/** Comparing variations (try "red"). */
export const Variations: Story = { render: () => <Demo kind="variations" initial={{}} /> };

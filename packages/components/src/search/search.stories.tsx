import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiFetchProvider } from './api-fetch';
import { productsAutocompleter } from './autocompleters';
import { createFakeApiFetch } from './fake-api-fetch';
import { ProductThumbnail } from './product-thumbnail';
import { Search, type SearchProps } from './search';
import type { Autocompleter } from './types';
import { useSearchLabels } from './use-search-labels';

const apiFetch = createFakeApiFetch({ delayMs: 250 });

const meta = {
  title: 'Components/Search',
  component: Search,
  decorators: [
    (Story) => (
      <ApiFetchProvider apiFetch={apiFetch}>
        <div style={{ maxWidth: 420, minHeight: 320 }}>
          <Story />
        </div>
      </ApiFetchProvider>
    ),
  ],
} satisfies Meta<typeof Search>;

export default meta;
type Story = StoryObj;

/** A story rendering Search with the given props. */
const story = (props: SearchProps): Story => ({ render: () => <Search {...props} /> });

/** Products by name or SKU with 18 px thumbnails; try "hoodie" or "woo-cap". */
export const Products = story({
  type: 'products',
  label: 'Products',
  multiple: true,
  placeholder: 'Try “hoodie”',
});

/** Only variable products (try "e"). */
export const VariableProducts = story({
  type: 'products',
  variableOnly: true,
  label: 'Variable products',
  placeholder: 'Try “e”',
});

/** All variations, titled "Product - Values" (try "red"). */
export const Variations = story({
  type: 'variations',
  label: 'Variations',
  placeholder: 'Try “red”',
});

/** Variations of one product (the Hoodie) through the product-scoped endpoint. */
export const VariationsOfOneProduct = story({
  type: 'variations',
  productId: 11,
  label: 'Hoodie variations',
  placeholder: 'Try “blue”',
});

/** Customers by name (try "jan"). */
export const Customers = story({ type: 'customers', label: 'Customers', placeholder: 'Try “jan”' });

/** Customers by e-mail (try "example.com"). */
export const CustomerEmails = story({
  type: 'customers',
  searchBy: 'email',
  label: 'Customer e-mail',
  placeholder: 'Try “example”',
});

/** Customers by username (try "j"). */
export const CustomerUsernames = story({
  type: 'customers',
  searchBy: 'username',
  label: 'Username',
  placeholder: 'Try “j”',
});

/** Categories, ordered by count (try "c"). */
export const Categories = story({
  type: 'categories',
  label: 'Categories',
  placeholder: 'Try “c”',
});

/** Product attributes (try "s"). */
export const Attributes = story({
  type: 'attributes',
  label: 'Attributes',
  placeholder: 'Try “s”',
});

/** Terms of the Color attribute (try "r"). */
export const AttributeTerms = story({
  type: 'attributeTerms',
  attributeId: 1,
  label: 'Color',
  placeholder: 'Try “r”',
});

/** Countries, loaded once (try "ivo" or "np"). */
export const Countries = story({ type: 'countries', label: 'Countries', placeholder: 'Try “ivo”' });

/** Coupons by code (try "summer"). */
export const Coupons = story({ type: 'coupons', label: 'Coupons', placeholder: 'Try “summer”' });

/** Download IPs by prefix (try "192"). */
export const DownloadIps = story({
  type: 'downloadIps',
  label: 'IP address',
  placeholder: 'Try “192”',
});

/** Orders by number (try "104"). */
export const Orders = story({ type: 'orders', label: 'Orders', placeholder: 'Try “104”' });

/** Tax rates by code (try "us"). */
export const TaxRates = story({ type: 'taxes', label: 'Tax rates', placeholder: 'Try “us”' });

/** Single selection: one tag at most. */
export const Single = story({
  type: 'products',
  label: 'Single product',
  placeholder: 'Try “hoodie”',
});

const fruit: Autocompleter = {
  name: 'fruit',
  search: async (query) =>
    ['Apple', 'Apricot', 'Banana', 'Cherry', 'Grape', 'Mango']
      .filter((name) => name.toLowerCase().includes(query.toLowerCase()))
      .map((name) => ({ key: name.toLowerCase(), label: name })),
  getLabels: async (ids) => ids.map((id) => ({ key: id, label: id })),
};

/** A caller-supplied autocompleter (try "an"). */
export const Custom = story({
  type: 'custom',
  autocompleter: fruit,
  label: 'Fruit',
  placeholder: 'Try “an”',
});

const products = productsAutocompleter();

function Preselected() {
  const { options } = useSearchLabels(products, ['14', '11']);
  return <Search type="products" label="Products (from the URL)" multiple defaultValue={options} />;
}

/** Ids from the URL (14, 11) labelled with one `include` request. */
export const PreselectedIds: Story = { render: () => <Preselected /> };

/** The product thumbnail at its default 33 px, as shown next to a chosen product. */
export const Thumbnail: Story = {
  render: () => (
    <ProductThumbnail
      product={{
        images: [
          {
            src: 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 width=%2266%22 height=%2266%22%3E%3Crect width=%2266%22 height=%2266%22 fill=%22%233858e9%22/%3E%3C/svg%3E',
            alt: 'Blue hoodie',
          },
        ],
      }}
      alt="Blue hoodie"
    />
  ),
};

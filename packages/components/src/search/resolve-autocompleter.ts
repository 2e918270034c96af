import {
  attributesAutocompleter,
  attributeTermsAutocompleter,
  type CustomerSearchBy,
  categoriesAutocompleter,
  countriesAutocompleter,
  couponsAutocompleter,
  customersAutocompleter,
  downloadIpsAutocompleter,
  ordersAutocompleter,
  productsAutocompleter,
  taxesAutocompleter,
  variationsAutocompleter,
} from './autocompleters';
import type { Autocompleter } from './types';

/** Which records a Search looks up, with the settings some types need. */
export type SearchConfig =
  | {
      type:
        | 'attributes'
        | 'categories'
        | 'countries'
        | 'coupons'
        | 'downloadIps'
        | 'orders'
        | 'taxes'
        | 'emails'
        | 'usernames'
        | 'variableProducts';
    }
  | { type: 'customers'; searchBy?: CustomerSearchBy }
  | { type: 'products'; variableOnly?: boolean }
  | { type: 'variations'; productId?: string | number | undefined; separator?: string }
  | { type: 'attributeTerms'; attributeId: string | number }
  | { type: 'custom'; autocompleter: Autocompleter };

/** Every search type name. */
export type SearchType = SearchConfig['type'];

/** The message thrown for a custom search without an autocompleter. */
export const INVALID_AUTOCOMPLETER_MESSAGE =
  'Invalid autocompleter provided to Search component...';

function isAutocompleter(value: unknown): value is Autocompleter {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof Reflect.get(value, 'search') === 'function' &&
    typeof Reflect.get(value, 'getLabels') === 'function'
  );
}

/**
 * The autocompleter for a search config. Throws 'Invalid autocompleter provided to Search
 * component...' for a custom type without a usable autocompleter, or an unknown type.
 */
export function resolveAutocompleter(config: SearchConfig): Autocompleter {
  switch (config.type) {
    case 'attributes':
      return attributesAutocompleter;
    case 'attributeTerms':
      return attributeTermsAutocompleter(config.attributeId);
    case 'categories':
      return categoriesAutocompleter;
    case 'countries':
      return countriesAutocompleter;
    case 'coupons':
      return couponsAutocompleter;
    case 'customers':
      return customersAutocompleter(config.searchBy);
    case 'emails':
      return customersAutocompleter('email');
    case 'usernames':
      return customersAutocompleter('username');
    case 'downloadIps':
      return downloadIpsAutocompleter;
    case 'orders':
      return ordersAutocompleter;
    case 'products':
      return productsAutocompleter({ variableOnly: config.variableOnly ?? false });
    case 'variableProducts':
      return productsAutocompleter({ variableOnly: true });
    case 'taxes':
      return taxesAutocompleter;
    case 'variations':
      return variationsAutocompleter({
        productId: config.productId,
        ...(config.separator === undefined ? {} : { separator: config.separator }),
      });
    case 'custom':
      if (isAutocompleter(config.autocompleter)) return config.autocompleter;
      throw new Error(INVALID_AUTOCOMPLETER_MESSAGE);
    default:
      throw new Error(INVALID_AUTOCOMPLETER_MESSAGE);
  }
}

import {
  INVALID_AUTOCOMPLETER_MESSAGE,
  resolveAutocompleter,
  type SearchConfig,
} from './resolve-autocompleter';
import type { Autocompleter } from './types';

describe('resolveAutocompleter', () => {
  it('maps each type to its autocompleter', () => {
    expect(resolveAutocompleter({ type: 'products' }).name).toBe('products');
    expect(resolveAutocompleter({ type: 'products', variableOnly: true }).name).toBe(
      'variable-products',
    );
    expect(resolveAutocompleter({ type: 'variableProducts' }).name).toBe('variable-products');
    expect(resolveAutocompleter({ type: 'customers' }).name).toBe('customers');
    expect(resolveAutocompleter({ type: 'emails' }).name).toBe('emails');
    expect(resolveAutocompleter({ type: 'usernames' }).name).toBe('usernames');
    expect(resolveAutocompleter({ type: 'attributeTerms', attributeId: 1 }).name).toBe(
      'attribute-terms',
    );
    expect(resolveAutocompleter({ type: 'downloadIps' }).name).toBe('download-ips');
  });

  it('uses the custom autocompleter it is given', () => {
    const custom: Autocompleter = {
      name: 'fruit',
      search: async () => [],
      getLabels: async () => [],
    };
    expect(resolveAutocompleter({ type: 'custom', autocompleter: custom })).toBe(custom);
  });

  it('throws for a custom type without an autocompleter', () => {
    const config = { type: 'custom' } as unknown as SearchConfig;
    expect(() => resolveAutocompleter(config)).toThrow(INVALID_AUTOCOMPLETER_MESSAGE);
    expect(INVALID_AUTOCOMPLETER_MESSAGE).toBe(
      'Invalid autocompleter provided to Search component...',
    );
    const broken = { type: 'custom', autocompleter: { name: 'x' } } as unknown as SearchConfig;
    expect(() => resolveAutocompleter(broken)).toThrow(INVALID_AUTOCOMPLETER_MESSAGE);
  });
});

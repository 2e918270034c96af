import { getQuery } from '@storelens/navigation';
import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import {
  DefaultOptionLabel,
  type OptionLabelProps,
  SearchSelect,
  type SearchSelectCommonProps,
  type SearchSelectMultipleProps,
  type SearchSelectSingleProps,
} from '../search-select/search-select';
import { resolveAutocompleter, type SearchConfig } from './resolve-autocompleter';
import type { Autocompleter } from './types';
import { useSearchResults } from './use-search-results';
import './search.css';

/** Props of Search: SearchSelect's look and selection mode, plus which records to search. */
export type SearchProps = Omit<
  SearchSelectCommonProps,
  'options' | 'filterOptions' | 'onQueryChange' | 'loading' | 'components'
> &
  (SearchSelectSingleProps | SearchSelectMultipleProps) &
  SearchConfig;

const RenderOptionContext = createContext<Autocompleter['renderOption']>(undefined);

function AutocompleterOptionLabel(props: OptionLabelProps): ReactNode {
  const renderOption = useContext(RenderOptionContext);
  return renderOption ? renderOption(props.option, props.query) : <DefaultOptionLabel {...props} />;
}

function field(props: SearchProps, name: string): unknown {
  return name in props ? Reflect.get(props, name) : undefined;
}

/** The URL's product filter (`products` param), read when a variations search has no product. */
function productFilterFromUrl(): string | undefined {
  const products = getQuery().products;
  return typeof products === 'string' && products !== '' ? products : undefined;
}

/** The config part of the props, memoised on its fields so the autocompleter stays stable. */
function useAutocompleter(props: SearchProps): Autocompleter {
  const productId =
    props.type === 'variations' ? (props.productId ?? productFilterFromUrl()) : undefined;
  const deps = ['searchBy', 'variableOnly', 'separator', 'attributeId', 'autocompleter'].map(
    (name) => field(props, name),
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the config is exactly these fields
  return useMemo(
    () => resolveAutocompleter(props.type === 'variations' ? { ...props, productId } : props),
    [props.type, productId, ...deps],
  );
}

/**
 * Search-as-you-type over store records (products, customers, countries…) on top of
 * SearchSelect: input debounced 500 ms, results from the type's autocompleter through the
 * ApiFetch in context. Variations search the URL's product (`products` param) unless given a
 * `productId`. A `custom` type needs an `autocompleter`, else it throws.
 */
export function Search(props: SearchProps): ReactNode {
  const autocompleter = useAutocompleter(props);
  const [query, setQuery] = useState('');
  const { options, loading } = useSearchResults(autocompleter, query);
  const common = {
    label: props.label,
    hideLabel: props.hideLabel,
    placeholder: props.placeholder,
    maxResults: props.maxResults,
    disabled: props.disabled,
    id: props.id,
    className: ['sl-search', `sl-search--${autocompleter.name}`, props.className ?? '']
      .filter(Boolean)
      .join(' '),
    options,
    filterOptions: keepAll,
    onQueryChange: setQuery,
    loading,
    components: { OptionLabel: AutocompleterOptionLabel },
  };
  return (
    <RenderOptionContext.Provider value={autocompleter.renderOption}>
      {props.multiple ? (
        <SearchSelect
          {...common}
          multiple
          value={props.value}
          defaultValue={props.defaultValue}
          onChange={props.onChange}
        />
      ) : (
        <SearchSelect
          {...common}
          value={props.value}
          defaultValue={props.defaultValue}
          onChange={props.onChange}
        />
      )}
    </RenderOptionContext.Provider>
  );
}

function keepAll<T>(options: readonly T[]): T[] {
  return [...options];
}

import type { FilterInputComponents } from '../types';
import { ProductAttributeFilter } from './attribute-filter';
import { DateFilter } from './date-filter';
import { CurrencyFilter, NumberFilter } from './number-filter';
import { SearchFilter } from './search-filter';
import { SelectFilter } from './select-filter';

/** The input component of every filter kind; the panel's `components` prop replaces entries. */
export const defaultFilterInputs: FilterInputComponents = {
  SelectControl: SelectFilter,
  Search: SearchFilter,
  Number: NumberFilter,
  Currency: CurrencyFilter,
  Date: DateFilter,
  ProductAttribute: ProductAttributeFilter,
};

export {
  CurrencyFilter,
  DateFilter,
  NumberFilter,
  ProductAttributeFilter,
  SearchFilter,
  SelectFilter,
};

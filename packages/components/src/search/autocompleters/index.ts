export { attributeTermsAutocompleter } from './attribute-terms';
export { attributesAutocompleter } from './attributes';
export { categoriesAutocompleter } from './categories';
export { countriesAutocompleter } from './countries';
export { couponsAutocompleter } from './coupons';
export { type CustomerSearchBy, customersAutocompleter } from './customers';
export { downloadIpsAutocompleter } from './download-ips';
export { ordersAutocompleter } from './orders';
export { renderProductOption } from './product-option';
export { productsAutocompleter } from './products';
export { taxCode, taxesAutocompleter } from './taxes';
export {
  VARIATION_TITLE_SEPARATOR,
  type VariationsOptions,
  variationsAutocompleter,
  variationsPath,
  variationTitle,
} from './variations';

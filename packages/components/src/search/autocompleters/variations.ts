import { isRecord, type JsonRecord, plainText, text } from '../records';
import { type Autocompleter, VARIATION_SUGGESTIONS } from '../types';
import { renderProductOption } from './product-option';
import { getByInclude, getRecords } from './shared';

/** The default separator between a variation's product name and its attribute values. */
export const VARIATION_TITLE_SEPARATOR = ' - ';

const FIELDS = ['attributes', 'description', 'id', 'image', 'images', 'name', 'sku'];

/** A variation's title: product name, separator, then its attribute values joined by ', '. */
export function variationTitle(record: JsonRecord, separator = VARIATION_TITLE_SEPARATOR): string {
  const name = plainText(text(record, 'name'));
  const attributes = Array.isArray(record.attributes) ? record.attributes : [];
  const values = attributes
    .filter(isRecord)
    .map((attribute) => text(attribute, 'option'))
    .filter((option) => option !== '');
  return values.length === 0 ? name : `${name}${separator}${values.join(', ')}`;
}

/**
 * The collection to search: the product's own variations when exactly one product id is
 * given; all variations otherwise. A comma in the id logs a warning (one id is expected).
 */
export function variationsPath(productId: string | number | undefined): string {
  const id = productId === undefined ? '' : String(productId).trim();
  if (id.includes(',')) {
    console.warn(
      `Invalid product id supplied to the variations autocompleter: "${id}". One product id is expected; searching all variations.`,
    );
    return '/wc-analytics/variations';
  }
  return id === ''
    ? '/wc-analytics/variations'
    : `/wc-analytics/products/${encodeURIComponent(id)}/variations`;
}

/** Options of variationsAutocompleter. */
export interface VariationsOptions {
  /** The product filter's id; its own variations are searched when present. */
  productId?: string | number | undefined;
  /** Between product name and attribute values (site setting; default ' - '). */
  separator?: string;
}

/** Variations by name, SKU or attribute value (30 per search), titled 'Product - Value'. */
export function variationsAutocompleter({
  productId,
  separator = VARIATION_TITLE_SEPARATOR,
}: VariationsOptions = {}): Autocompleter<JsonRecord> {
  const toOption = (record: JsonRecord) => {
    const sku = text(record, 'sku');
    const description = plainText(text(record, 'description'));
    return {
      key: text(record, 'id'),
      label: variationTitle(record, separator),
      keywords: [sku, description].filter((word) => word !== ''),
      value: record,
    };
  };
  return {
    name: 'variations',
    async search(query, context) {
      const records = await getRecords(
        variationsPath(productId),
        { search: query, per_page: VARIATION_SUGGESTIONS, _fields: FIELDS },
        context,
      );
      return records.map(toOption);
    },
    getLabels: (ids, context) =>
      getByInclude('/wc-analytics/variations', ids, toOption, context, { _fields: FIELDS }),
    renderOption: renderProductOption,
  };
}

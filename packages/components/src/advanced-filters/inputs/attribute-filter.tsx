import { __ } from '@storelens/i18n';
import { useState } from 'react';
import { attributesAutocompleter, Search, useSearchLabels } from '../../search';
import type { SearchOption } from '../../search-select';
import { getRangeTexts } from '../range';
import type { FilterInputProps } from '../types';
import { useAttributeTerms } from './use-attribute-terms';

/**
 * The ProductAttribute input: an attribute search, then a select of its terms. Choosing an
 * attribute clears the term and loads that attribute's terms; choosing a term sets the value
 * to `[attribute, term]`.
 */
export function ProductAttributeFilter({
  config,
  value,
  onChange,
}: FilterInputProps<'ProductAttribute'>) {
  const [attributeId, termId] = getRangeTexts(value);
  const [initialIds] = useState(attributeId ? [attributeId] : []);
  const { options: fetched } = useSearchLabels(attributesAutocompleter, initialIds);
  const [picked, setPicked] = useState<SearchOption | null>(null);
  const { terms, loading } = useAttributeTerms(attributeId);
  const attribute: SearchOption | null = attributeId
    ? picked?.key === attributeId
      ? picked
      : (fetched.find((option) => option.key === attributeId) ?? {
          key: attributeId,
          label: attributeId,
        })
    : null;
  return (
    <span className="sl-advanced-filters__attribute">
      <Search
        type="attributes"
        label={config.labels.filter}
        hideLabel
        placeholder={config.labels.placeholder ?? config.labels.filter}
        value={attribute}
        onChange={(next) => {
          setPicked(next);
          onChange([next?.key ?? '', '']);
        }}
      />
      {attributeId && (
        <select
          className="sl-control sl-advanced-filters__control"
          aria-label={__('Select a term')}
          value={termId}
          disabled={loading}
          aria-busy={loading}
          onChange={(event) => onChange([attributeId, event.target.value])}
        >
          <option value="" disabled>
            {loading ? __('Loading terms…') : __('Select a term')}
          </option>
          {terms.map((term) => (
            <option key={term.key} value={term.key}>
              {term.label}
            </option>
          ))}
        </select>
      )}
    </span>
  );
}

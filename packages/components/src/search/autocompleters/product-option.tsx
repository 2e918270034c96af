import type { ReactNode } from 'react';
import { DefaultOptionLabel } from '../../search-select/search-select';
import type { SearchOption } from '../../search-select/types';
import { ProductThumbnail } from '../product-thumbnail';
import type { JsonRecord } from '../records';
import { PRODUCT_RESULT_THUMBNAIL_SIZE } from '../types';

/** A product or variation result: its 18 px thumbnail, then the label with the match emphasised. */
export function renderProductOption(option: SearchOption<JsonRecord>, query: string): ReactNode {
  return (
    <>
      {option.value && (
        <ProductThumbnail product={option.value} size={PRODUCT_RESULT_THUMBNAIL_SIZE} />
      )}
      <span className="sl-search__option-label">
        <DefaultOptionLabel option={option} query={query} />
      </span>
    </>
  );
}

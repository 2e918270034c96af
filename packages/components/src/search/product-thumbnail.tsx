import type { ReactNode } from 'react';
import { isRecord, type JsonRecord, text } from './records';
import { PRODUCT_THUMBNAIL_SIZE } from './types';

/** The image of a product or variation record: the first of `images`, else `image`. */
export function productImage(record: JsonRecord): { src: string; alt: string } | undefined {
  const images = record.images;
  const first: unknown = Array.isArray(images) ? images[0] : record.image;
  if (!isRecord(first)) return undefined;
  const src = text(first, 'src');
  return src === '' ? undefined : { src, alt: text(first, 'alt') };
}

/** Props of ProductThumbnail. */
export interface ProductThumbnailProps {
  /** The product or variation record (`images[]` or `image`). */
  product: JsonRecord;
  /** Width and height in pixels (33 by default). */
  size?: number;
  /** Alternative text; '' (the default) marks it decorative next to a visible name. */
  alt?: string;
}

/** A square product image, or a neutral placeholder box when the product has none. */
export function ProductThumbnail({
  product,
  size = PRODUCT_THUMBNAIL_SIZE,
  alt = '',
}: ProductThumbnailProps): ReactNode {
  const image = productImage(product);
  if (!image) {
    return (
      <span
        className="sl-product-thumbnail is-placeholder"
        style={{ width: size, height: size }}
        aria-hidden="true"
      />
    );
  }
  return (
    <img className="sl-product-thumbnail" src={image.src} alt={alt} width={size} height={size} />
  );
}

/** One choice in a search select: a stable key, the text shown, extra match words, a payload. */
export interface SearchOption<V = unknown> {
  /** Stable identity; two options with the same key are the same choice. */
  key: string;
  /** Text shown in the list and in the tag. */
  label: string;
  /** Extra words the search also matches (SKU, e-mail…). */
  keywords?: readonly string[];
  /** Any payload the caller wants back (the record the option came from). */
  value?: V;
}

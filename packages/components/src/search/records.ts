/** A JSON object as read from a REST response. */
export type JsonRecord = Readonly<Record<string, unknown>>;

/** True for a non-null, non-array object. */
export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The objects of a JSON array response; anything else reads as no records. */
export function asRecords(body: unknown): JsonRecord[] {
  return Array.isArray(body) ? body.filter(isRecord) : [];
}

/** A field as text: strings as they are, finite numbers printed, anything else ''. */
export function text(record: JsonRecord, field: string): string {
  const value = record[field];
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

const entities: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ndash: '–',
  mdash: '—',
  hellip: '…',
};

/**
 * Text of an HTML fragment: tags stripped and character references decoded (every named
 * reference where a DOM parser exists, the common ones otherwise). Never runs scripts.
 */
export function plainText(html: string): string {
  if (!html.includes('<') && !html.includes('&')) return html;
  if (typeof DOMParser !== 'undefined') {
    return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  }
  return plainTextWithoutDom(html);
}

/** plainText for environments without a DOM: strips tags, decodes numeric and common names. */
export function plainTextWithoutDom(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
      if (ref[0] === '#') {
        const code =
          ref[1] === 'x' || ref[1] === 'X'
            ? Number.parseInt(ref.slice(2), 16)
            : Number(ref.slice(1));
        return Number.isInteger(code) && code > 0 && code <= 0x10ffff
          ? String.fromCodePoint(code)
          : whole;
      }
      return entities[ref.toLowerCase()] ?? whole;
    });
}

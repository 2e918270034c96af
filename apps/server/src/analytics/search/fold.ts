/*
 * Folding for the picker search (see load.ts for the design): case, accents and compatibility
 * forms folded one character at a time, as WooCommerce's MySQL collation compares them.
 */

/** Letters spelled out after accents are removed (as a case- and accent-insensitive collation does). */
const SPELLED: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ŀ: 'l',
  ı: 'i',
  ħ: 'h',
  ς: 'σ',
};
const SPELLED_RE = new RegExp(`[${Object.keys(SPELLED).join('')}]`, 'g');
/** Combining marks of the Latin, Greek and Cyrillic accents (what NFKD splits off). */
const COMBINING = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g;
/** Control characters: rows are lines of one string, so these become spaces. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/g;
/** Control characters other than the line and part separators. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const OTHER_CONTROL = /[\u0000\u0002-\u0009\u000b-\u001f\u007f]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const SEPARATORS = /[\n\u0001]/g;
const NON_ASCII = /[\u0080-\uffff]+/g;
const PRINTABLE_ASCII = /^[\u0020-\u007e]*$/;

/** Folded forms of the non-ASCII characters met so far (a store uses a few hundred). */
const foldedChars = new Map<string, string>();
const MAX_CACHED_CHARS = 20_000;

/** The folded form of a run of non-ASCII characters, one code point at a time. */
function foldRun(run: string): string {
  let out = '';
  for (const ch of run) {
    let folded = foldedChars.get(ch);
    if (folded === undefined) {
      folded = ch
        .normalize('NFKD')
        .toLowerCase()
        .normalize('NFKD')
        .replace(COMBINING, '')
        .replace(SPELLED_RE, (c) => SPELLED[c]!)
        .replace(CONTROL, ' ');
      if (foldedChars.size < MAX_CACHED_CHARS) foldedChars.set(ch, folded);
    }
    out += folded;
  }
  return out;
}

/**
 * Folds rows given as one text, a row per line (parts separated by PART_SEPARATOR): as
 * `foldText` on each part, keeping the separators. One pass over the whole text.
 */
export function foldLines(text: string): string {
  return text.replace(NON_ASCII, foldRun).replace(OTHER_CONTROL, ' ').toLowerCase();
}

/**
 * Folds text for matching, one character at a time: lower case, accents removed,
 * compatibility forms spelled plainly (`ﬁ` → `fi`, `ß` → `ss`, `Æ` → `ae`), control characters
 * as spaces. Search terms and rows fold alike, and since each character folds on its own,
 * a text that contains a term still contains it once both are folded.
 */
export function foldText(text: string): string {
  if (PRINTABLE_ASCII.test(text)) return text.toLowerCase();
  return foldLines(text).replace(SEPARATORS, ' ');
}

/** Separates the parts of one row (name, SKU, …) so that no match spans two of them. */
export const PART_SEPARATOR = '\u0001';

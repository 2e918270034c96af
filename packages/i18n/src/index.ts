/**
 * The one module every user-facing string goes through. Strings are English source text;
 * a locale can be loaded with `setLocaleData` (singular → translation, or [singular, plural]
 * → [forms…]). Without locale data the source text is returned.
 */

type Forms = readonly string[];

/** Picks the plural form index for a count; English by default. */
export type PluralRule = (n: number) => number;

const englishPlural: PluralRule = (n) => (n === 1 ? 0 : 1);

let catalogue = new Map<string, Forms>();
let pluralRule: PluralRule = englishPlural;

/** Loads translations: keys are source singulars, values one form or the plural forms. */
export function setLocaleData(
  data: Record<string, string | readonly string[]>,
  rule: PluralRule = englishPlural,
): void {
  catalogue = new Map(
    Object.entries(data).map(([key, value]) => [key, typeof value === 'string' ? [value] : value]),
  );
  pluralRule = rule;
}

/** Translates a string. */
export function __(text: string): string {
  return catalogue.get(text)?.[0] ?? text;
}

/** Translates a string with a context that tells translators apart identical source texts. */
export function _x(text: string, context: string): string {
  return catalogue.get(`${context}\u0004${text}`)?.[0] ?? __(text);
}

/** Translates and picks the singular or plural form for `count`. */
export function _n(single: string, plural: string, count: number): string {
  const forms = catalogue.get(single);
  if (forms && forms.length > 0) {
    const form = forms[Math.min(pluralRule(count), forms.length - 1)];
    if (form !== undefined) return form;
  }
  return englishPlural(count) === 0 ? single : plural;
}

/**
 * printf-style formatting: `%s`, `%d`, `%f`, `%%` and positional `%1$s`. Missing arguments
 * are left as empty strings rather than throwing, so a bad translation never breaks a page.
 */
export function sprintf(format: string, ...args: ReadonlyArray<string | number>): string {
  let next = 0;
  return format.replace(/%(?:(\d+)\$)?([sdf%])/g, (_match, position: string | undefined, kind) => {
    if (kind === '%') return '%';
    const index = position === undefined ? next++ : Number(position) - 1;
    const value = args[index];
    if (value === undefined) return '';
    if (kind === 'd') return String(Math.trunc(Number(value)));
    if (kind === 'f') return String(Number(value));
    return String(value);
  });
}

const REGIONAL_A = 0x1f1e6;

function regionName(code: string, locale?: string): string | undefined {
  try {
    const name = new Intl.DisplayNames(locale ? [locale] : undefined, { type: 'region' }).of(code);
    return name && name !== code && name !== 'Unknown Region' ? name : undefined;
  } catch {
    return undefined;
  }
}

/** A country's flag as an emoji of two regional-indicator letters, with its name; `null` when the code is not a known country. */
export function countryFlag(
  code: string | null | undefined,
  locale?: string,
): { emoji: string; name: string } | null {
  const upper = (code ?? '').trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(upper)) return null;
  const name = regionName(upper, locale);
  if (name === undefined) return null;
  const emoji = String.fromCodePoint(
    ...Array.from(upper, (letter) => REGIONAL_A + letter.charCodeAt(0) - 65),
  );
  return { emoji, name };
}

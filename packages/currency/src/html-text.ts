const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  curren: '¤',
};

/** Decodes HTML character references (numeric, and the named ones currency settings use). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const hex = name[1] === 'x' || name[1] === 'X';
      const codePoint = Number.parseInt(name.slice(hex ? 2 : 1), hex ? 16 : 10);
      return codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Removes HTML comments, script/style blocks and tags, repeating until none are left. */
export function stripTags(text: string): string {
  const stripped = text
    .replace(/<!--[\s\S]*?(-->|$)/g, '')
    .replace(/<(script|style)[^>]*>[\s\S]*?(<\/\1>|$)/gi, '')
    .replace(/<\/?[a-z][\s\S]*?(>|$)/gi, '');
  return stripped === text ? stripped : stripTags(stripped);
}

/** Turns an HTML-ish setting (symbol, price format) into plain text. */
export function toPlainText(text: string): string {
  return decodeEntities(stripTags(text));
}

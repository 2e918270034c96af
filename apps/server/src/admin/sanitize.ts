import { noteAllowedTags } from '@storelens/api';

const ALLOWED = new Set<string>(noteAllowedTags);
const TAG =
  /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s>"'=/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>"']+))?)*)\s*\/?>/g;
const HREF = /(?:^|\s)href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/i;
const DANGEROUS_BLOCKS =
  /<(script|style|iframe|object|embed|template|textarea|title|noscript)\b[\s\S]*?(?:<\/\1\s*>|$)/gi;

const escapeText = (text: string) => text.replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) =>
  text
    .replace(/&(?!(?:[a-z]+|#\d+|#x[0-9a-f]+);)/gi, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');

/** True for links that cannot run script: http(s), mailto, or relative. */
export function isSafeHref(href: string): boolean {
  // Browsers ignore control characters and whitespace inside a scheme; so do we.
  const compact = href.replace(/[\s\p{Cc}]+/gu, '').toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(compact);
  return !scheme || ['http', 'https', 'mailto'].includes(scheme[1]!);
}

/**
 * Keeps only the note content tags (br, em, strong, a with a safe href, p), without other
 * attributes; strips every other tag but keeps its text, drops script-like blocks and
 * comments entirely, and escapes stray angle brackets.
 */
export function sanitizeNoteContent(html: string): string {
  const source = html.replace(/<!--[\s\S]*?(?:-->|$)/g, '').replace(DANGEROUS_BLOCKS, '');
  let out = '';
  let last = 0;
  for (const match of source.matchAll(TAG)) {
    out += escapeText(source.slice(last, match.index));
    last = match.index + match[0].length;
    const [, closing, rawName, attributes = ''] = match;
    const name = rawName!.toLowerCase();
    if (!ALLOWED.has(name)) continue;
    if (closing) {
      if (name !== 'br') out += `</${name}>`;
      continue;
    }
    if (name === 'a') {
      const href = HREF.exec(attributes);
      const value = href ? (href[1] ?? href[2] ?? href[3] ?? '') : '';
      out += href && isSafeHref(value) ? `<a href="${escapeAttribute(value)}">` : '<a>';
    } else {
      out += `<${name}>`;
    }
  }
  return out + escapeText(source.slice(last));
}

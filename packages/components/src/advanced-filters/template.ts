/** A piece of a translated sentence with placeholders for elements. */
export type TemplateSegment =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'slot'; readonly name: string }
  | { readonly kind: 'wrap'; readonly name: string; readonly text: string };

const TOKEN = /\{\{\s*(\w+)\s*\/\}\}|\{\{\s*(\w+)\s*\}\}([\s\S]*?)\{\{\s*\/\s*\2\s*\}\}/g;

/**
 * Splits a translated sentence into text, `{{name /}}` slots (an element goes there) and
 * `{{name}}text{{/name}}` wraps (the text goes inside an element), keeping the translation's
 * word order. Unmatched braces stay as text.
 */
export function parseTemplate(template: string): TemplateSegment[] {
  const segments: TemplateSegment[] = [];
  let last = 0;
  for (const match of template.matchAll(TOKEN)) {
    const index = match.index;
    if (index > last) segments.push({ kind: 'text', text: template.slice(last, index) });
    const [whole, slot, wrap, inner] = match;
    if (slot !== undefined) segments.push({ kind: 'slot', name: slot });
    else if (wrap !== undefined) segments.push({ kind: 'wrap', name: wrap, text: inner ?? '' });
    last = index + whole.length;
  }
  if (last < template.length) segments.push({ kind: 'text', text: template.slice(last) });
  return segments;
}

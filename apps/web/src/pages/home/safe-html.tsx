import { createElement, Fragment, type ReactNode } from 'react';

/** Tags a note body may keep; anything else keeps only its text. */
const ALLOWED = new Set(['a', 'b', 'em', 'i', 'strong', 'p', 'br']);

/** Whether a link target is safe to follow: http(s), mailto, or relative to the admin. */
export function safeHref(href: string | null): string | null {
  if (!href) return null;
  const trimmed = href.trim();
  if (/^(https?:|mailto:)/i.test(trimmed)) return trimmed;
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed.startsWith('//')) return null;
  return trimmed;
}

function convert(node: Node, key: string): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const el = node as Element;
  const children = Array.from(el.childNodes).map((c, i) => convert(c, `${key}.${i}`));
  const tag = el.tagName.toLowerCase();
  if (!ALLOWED.has(tag)) return createElement(Fragment, { key }, ...children);
  if (tag === 'br') return createElement('br', { key });
  if (tag === 'a') {
    const href = safeHref(el.getAttribute('href'));
    if (!href) return createElement(Fragment, { key }, ...children);
    const external = /^https?:/i.test(href);
    return createElement(
      'a',
      { key, href, ...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {}) },
      ...children,
    );
  }
  return createElement(tag, { key }, ...children);
}

/**
 * Server HTML as React elements, keeping only the allowed tags and safe links (nothing is
 * inserted as raw HTML). Text beyond `maxText` characters is cut with an ellipsis.
 */
export function SafeHtml({ html, maxText }: { html: string; maxText?: number }) {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  if (maxText !== undefined) truncate(doc.body, maxText);
  return <>{Array.from(doc.body.childNodes).map((n, i) => convert(n, String(i)))}</>;
}

/** Cuts the text of a tree to `max` characters (whole tree), adding "…" where it was cut. */
export function truncate(root: Node, max: number): void {
  let left = max;
  const walk = (node: Node): void => {
    for (const child of Array.from(node.childNodes)) {
      if (left <= 0) {
        child.parentNode?.removeChild(child);
        continue;
      }
      if (child.nodeType === Node.TEXT_NODE) {
        const text = child.textContent ?? '';
        if (text.length > left) child.textContent = `${text.slice(0, left).trimEnd()}…`;
        left -= text.length;
      } else walk(child);
    }
  };
  walk(root);
}

import { render } from '@testing-library/react';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { relativeDate } from './relative-date';
import { SafeHtml, safeHref, truncate } from './safe-html';

describe('SafeHtml', () => {
  it('keeps the allowed tags and safe links, drops scripts, handlers and unsafe links', () => {
    const { container } = render(
      <SafeHtml
        html={
          '<p>Hi <strong>there</strong><img src=x onerror="alert(1)"><script>alert(2)</script></p><a href="javascript:alert(3)">bad</a> <a href="https://example.com/x" onclick="x()">good</a>'
        }
      />,
    );
    expect(container.querySelector('img, script, [onerror], [onclick]')).toBeNull();
    expect(container.querySelector('strong')?.textContent).toBe('there');
    const links = container.querySelectorAll('a');
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe('https://example.com/x');
    expect(links[0]?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('safeHref refuses scripting schemes and protocol-relative links', () => {
    expect(safeHref('javascript:x')).toBeNull();
    expect(safeHref(' JaVaScRiPt:x')).toBeNull();
    expect(safeHref('data:text/html,x')).toBeNull();
    expect(safeHref('//evil.example')).toBeNull();
    expect(safeHref('admin.php?page=wc-admin')).toBe('admin.php?page=wc-admin');
  });

  it('truncate keeps at most max characters of text plus an ellipsis (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 40 }), { maxLength: 6 }),
        fc.nat(100),
        (parts, max) => {
          const div = document.createElement('div');
          for (const part of parts) {
            const p = document.createElement('p');
            p.textContent = part;
            div.appendChild(p);
          }
          const full = parts.join('');
          truncate(div, max);
          const text = div.textContent ?? '';
          if (full.length <= max) expect(text).toBe(full);
          else expect(text.replace(/…/g, '').length).toBeLessThanOrEqual(max);
        },
      ),
    );
  });
});

describe('relativeDate', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  it('reads GMT timestamps without a zone as UTC', () => {
    expect(relativeDate('2026-03-10T11:00:00', now)).toBe('1 hour ago');
    expect(relativeDate('2026-03-07T12:00:00', now)).toBe('3 days ago');
    expect(relativeDate('2026-03-10T12:00:00', now)).toBe('now');
    expect(relativeDate('garbage', now)).toBe('');
  });
});

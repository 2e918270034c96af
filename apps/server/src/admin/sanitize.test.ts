import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSafeHref, sanitizeNoteContent } from './sanitize';

describe('sanitizeNoteContent', () => {
  it('keeps the allowed tags and drops their other attributes', () => {
    expect(
      sanitizeNoteContent(
        '<p class="x">Hi <strong>there</strong><br/><em>you</em> <a href="https://a.test/?a=1&b=2" onclick="x()">go</a></p>',
      ),
    ).toBe(
      '<p>Hi <strong>there</strong><br><em>you</em> <a href="https://a.test/?a=1&amp;b=2">go</a></p>',
    );
  });

  it('strips other tags but keeps their text, and drops scripts entirely', () => {
    expect(sanitizeNoteContent('<div><h1>Title</h1><script>alert(1)</script>text</div>')).toBe(
      'Titletext',
    );
    expect(sanitizeNoteContent('<img src=x onerror=alert(1)>ok')).toBe('ok');
    expect(sanitizeNoteContent('a <!-- hidden --> b')).toBe('a  b');
  });

  it('removes javascript: links, even disguised', () => {
    expect(sanitizeNoteContent('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeNoteContent('<a href=" jav\tascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(isSafeHref('/wp-admin/admin.php?page=wc-admin')).toBe(true);
    expect(isSafeHref('mailto:a@b.c')).toBe(true);
    expect(isSafeHref('data:text/html,x')).toBe(false);
  });

  it('escapes stray brackets', () => {
    expect(sanitizeNoteContent('1 < 2 > 0 <notatag')).toBe('1 &lt; 2 &gt; 0 &lt;notatag');
  });

  it('never outputs a tag other than the allowed ones, nor an unsafe link (property)', () => {
    const piece = fc.oneof(
      fc.string(),
      fc.constantFrom(
        '<p>',
        '</p>',
        '<a href="javascript:x">',
        "<a href='https://ok'>",
        '</a>',
        '<br>',
        '<script>',
        '</script>',
        '<img src=x onerror=y>',
        '<<',
        '>',
        '<!--',
        '-->',
        '<em onmouseover="z">',
        '<STRONG>',
        '"',
      ),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 20 }), (parts) => {
        const out = sanitizeNoteContent(parts.join(''));
        for (const tag of out.match(/<[^>]*>?/g) ?? []) {
          expect(tag).toMatch(/^<\/?(br|em|strong|p|a)>$|^<a href="[^"<>]*">$/);
        }
        expect(out.toLowerCase()).not.toContain('javascript:');
        expect(out).not.toContain('<script');
      }),
    );
  });
});

import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { citationHits, findCitations } from './comment-citations';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('comment citations', () => {
  it('finds pointers to outside documents and issue numbers', () => {
    const outside = ['PAGES', 'md'].join('.');
    const text = [
      `/** The table (${outside} \u00a72.8). */`,
      '// index (docs/api.md, "Analytics: lists")',
      `// ordered this way (issue ${4})`,
      `describe('helper (spec ${'00'}1)', () => {});`,
    ].join('\n');
    expect(citationHits('x.ts', text).map((h) => h.split(':')[1])).toEqual(['1', '3', '4']);
  });

  it('no comment, test title or doc points outside the repository', () => {
    expect(findCitations(root)).toEqual([]);
  });
});

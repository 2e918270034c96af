import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Names in backticks that look like files but are not files of this repository: a package
 * (`dinero.js`), a file on the reader's machine, a pattern for a new file.
 */
const NOT_OURS = new Set([
  'dinero.js',
  'claude_desktop_config.json',
  'apps/server/src/db/migrations/NNN_name.ts',
]);

/** Every file of the working tree that git sees (tracked, or new and not ignored). */
function repositoryFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  return out.split('\n').filter(Boolean);
}

/**
 * The file names the user documentation mentions in backticks (`analytics/metrics.ts`,
 * `apps/web/src/shell/pages.ts`) that name no file: a path is found when some file of the
 * repository ends with it, so a section may name a file relative to the folder it describes.
 */
function missingDocPaths(): string[] {
  const files = repositoryFiles();
  const docs = [
    'README.md',
    ...readdirSync(join(root, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ];
  const mention = /`([A-Za-z0-9_.\-/]+\.(?:ts|tsx|mjs|js|css|md|json))(?::\d+)?`/g;
  const missing: string[] = [];
  for (const doc of docs) {
    const text = readFileSync(join(root, doc), 'utf8');
    for (const match of text.matchAll(mention)) {
      const path = match[1]!;
      if (NOT_OURS.has(path)) continue;
      if (!files.some((f) => f === path || f.endsWith(`/${path}`))) missing.push(`${doc}: ${path}`);
    }
  }
  return missing;
}

describe('the documentation', () => {
  it('names only files that exist, so a renamed or deleted file cannot leave the docs behind', () => {
    expect(missingDocPaths()).toEqual([]);
  });
});

/*
 * Comments, test titles and the docs point only at documents in the repository (docs/*.md,
 * README.md) or state the rule themselves. This finds the pointers that break that: names of
 * the design documents kept outside the repository, their section marks, spec numbers and
 * tracker issue numbers. The patterns are written so that this file does not match itself.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Pointers to documents that are not in the repository, or to tracker issues. */
const SOURCE_PATTERNS: RegExp[] = [
  /\b(?:API|ARCHITECTURE|PAGES|STYLE)\.md\b/,
  /\u00a7/,
  /\b[Ss]pecs? 00\d/,
  /\b[Ii]ssues? #?\d/,
  /\(i\d{1,3}'s\b/,
];

/**
 * In the Markdown docs the outside documents may be named (where they say the docs no longer
 * fit them), but not pointed into.
 */
const DOC_PATTERNS: RegExp[] = SOURCE_PATTERNS.slice(1);

const SOURCE_DIRS = ['apps', 'packages', 'e2e', 'scripts', 'compat'];
const SOURCE_EXT = /\.(?:ts|tsx|mjs|css)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'build', 'coverage', '.vite']);

function walk(dir: string, out: string[]): void {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    if (e.name.startsWith('.') || SKIP_DIRS.has(e.name)) continue;
    const path = join(dir, e.name);
    if (e.isDirectory()) walk(path, out);
    else out.push(path);
  }
}

/** `file:line: text` for every line of `text` that one of `patterns` matches. */
export function citationHits(file: string, text: string, patterns = SOURCE_PATTERNS): string[] {
  const hits: string[] = [];
  text.split('\n').forEach((line, i) => {
    if (patterns.some((p) => p.test(line))) hits.push(`${file}:${i + 1}: ${line.trim()}`);
  });
  return hits;
}

/** Every outside-document or issue pointer in the repository at `root`. */
export function findCitations(root: string): string[] {
  const files: string[] = [];
  for (const dir of SOURCE_DIRS) walk(join(root, dir), files);
  const hits: string[] = [];
  for (const path of files.sort()) {
    const rel = relative(root, path);
    if (SOURCE_EXT.test(rel)) hits.push(...citationHits(rel, readFileSync(path, 'utf8')));
    else if (rel.endsWith('README.md'))
      hits.push(...citationHits(rel, readFileSync(path, 'utf8'), DOC_PATTERNS));
  }
  const docs = ['README.md', ...readdirSync(join(root, 'docs')).map((f) => join('docs', f))];
  for (const rel of docs.filter((f) => f.endsWith('.md')).sort())
    hits.push(...citationHits(rel, readFileSync(join(root, rel), 'utf8'), DOC_PATTERNS));
  return hits;
}

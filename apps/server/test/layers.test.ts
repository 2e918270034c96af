/**
 * The server's layers point one way: the shared code (db/, ingest/, analytics/, jobs/, auth/,
 * connect/ and the modules at the top of src/) never imports the layers built on it: the admin
 * services (admin/), the analytics routes (routes/), the command lines (cli/) and the app
 * (app.ts). Read from the source files' import statements, so a new upward import fails here
 * instead of waiting for a cycle to show.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../src', import.meta.url));

/** Folders of src/ that are shared below the app, the admin services and the command lines. */
const SHARED_FOLDERS = ['db', 'ingest', 'analytics', 'jobs', 'auth', 'connect'];

/**
 * The modules at the top of src/ that are entry points, not shared: they build the app (app.ts,
 * main.ts) and the worker thread (worker.ts, the composition of the long tasks it runs).
 */
const ENTRY_POINTS = new Set(['app.ts', 'main.ts', 'worker.ts']);

/** Every .ts and .mjs file under `dir`, tests left out (they may import any layer). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|mjs)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The relative modules a file imports (static, re-exported, side-effect and dynamic). */
function importsOf(text: string): string[] {
  const specs: string[] = [];
  const patterns = [
    /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"](\.[^'"]+)['"]/g,
    /\bimport\s*['"](\.[^'"]+)['"]/g,
    /\bimport\s*\(\s*['"](\.[^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const m of text.matchAll(pattern)) specs.push(m[1]!);
  return specs;
}

/** A path in src/ without its extension (`admin/import`, `app`). */
const moduleOf = (path: string) => relative(src, path).replace(/\.(ts|mjs)$/, '');

const isShared = (module: string) => {
  const [top, ...rest] = module.split('/');
  if (rest.length === 0) return !ENTRY_POINTS.has(`${top}.ts`);
  return SHARED_FOLDERS.includes(top!);
};

const isAbove = (module: string) => /^(admin|routes|cli)\//.test(module) || module === 'app';

/** Every `importer -> imported` pair of src/, in modules without extension. */
function importPairs(): [string, string][] {
  return sources(src).flatMap((file) =>
    importsOf(readFileSync(file, 'utf8')).map((spec): [string, string] => [
      moduleOf(file),
      moduleOf(resolve(dirname(file), spec)).replace(/\/index$/, ''),
    ]),
  );
}

describe('the server layers', () => {
  const pairs = importPairs();

  it('reads the imports of the source files', () => {
    expect(pairs).toContainEqual(['jobs/runner', 'db/lease']);
    expect(pairs).toContainEqual(['main', 'app']);
  });

  it('shared code imports no admin service, analytics route, command line or the app', () => {
    const upward = pairs
      .filter(([from, to]) => isShared(from) && isAbove(to))
      .map(([from, to]) => `${from} -> ${to}`);
    expect(upward).toEqual([]);
  });

  it('only the command lines and main.ts import the app; nothing else imports a command line', () => {
    const app = pairs.filter(
      ([from, to]) => to === 'app' && from !== 'main' && !from.startsWith('cli/'),
    );
    const cli = pairs.filter(([from, to]) => to.startsWith('cli/') && !from.startsWith('cli/'));
    expect([...app, ...cli]).toEqual([]);
  });

  it('the worker thread is started by its path: only the host imports its module, for the task types', () => {
    const importers = pairs.filter(([, to]) => to === 'worker').map(([from]) => from);
    expect(importers).toEqual(['jobs/worker-host']);
    const host = readFileSync(join(src, 'jobs', 'worker-host.ts'), 'utf8');
    expect(host).toMatch(/import type \{ WorkerTasks \} from '\.\.\/worker';/);
  });

  it('a migration imports no code of the server: it carries the SQL and shapes it ran, frozen', () => {
    const migrations = join(src, 'db', 'migrations');
    const imports = readdirSync(migrations).flatMap((name) =>
      [...readFileSync(join(migrations, name), 'utf8').matchAll(/\bfrom\s*['"]([^'"]+)['"]/g)]
        .map((m) => m[1]!)
        .filter((spec) => spec !== 'kysely')
        .map((spec) => `${name} -> ${spec}`),
    );
    expect(imports).toEqual([]);
  });
});

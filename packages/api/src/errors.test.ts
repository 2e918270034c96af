/**
 * The error catalogue is the one list: every code the server or the client raises is in it,
 * no code is in two sections, and every code the server can answer is documented.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  adminErrorCatalogue,
  authErrorCatalogue,
  clientErrorCatalogue,
  connectErrorCatalogue,
  errorCatalogue,
  pluginResultErrorCatalogue,
  reportErrorCatalogue,
  restErrorCatalogue,
} from './errors';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** The non-test TypeScript files below a folder of the repository. */
function sources(folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(path);
    }
  };
  walk(join(root, folder));
  return out;
}

/**
 * Codes written as the literal first argument of an error constructor (skipping up to two
 * plain arguments before it, as `addError(errors, slug, 'code', …)` has).
 */
function thrownCodes(folder: string, callers: string): Map<string, string> {
  const pattern = new RegExp(`(?:${callers})\\(\\s*(?:[\\w.]+,\\s*){0,2}'([a-z][a-z0-9_]*)'`, 'g');
  const found = new Map<string, string>();
  for (const file of sources(folder)) {
    for (const match of readFileSync(file, 'utf8').matchAll(pattern)) {
      found.set(match[1]!, file.slice(root.length));
    }
  }
  return found;
}

const serverCallers = 'new ApiError|ApiError\\.of|adminError|authError|fail|addError';

it('every code the server throws is in the catalogue', () => {
  const thrown = thrownCodes('apps/server/src', serverCallers);
  // The scan is not vacuous: codes of each kind of caller are found.
  for (const code of ['rest_callback_disabled', 'woocommerce_note_invalid_id', 'rest_forbidden']) {
    expect(thrown.has(code)).toBe(true);
  }
  const missing = [...thrown].filter(([code]) => !(code in errorCatalogue));
  expect(missing).toEqual([]);
});

it('every code the client makes up is in the catalogue', () => {
  const thrown = thrownCodes('packages/data/src', 'apiError|clientError');
  expect(thrown.has('invalid_export_response')).toBe(true);
  const missing = [...thrown].filter(
    ([code]) => !(code in clientErrorCatalogue) && !(code in errorCatalogue),
  );
  expect(missing).toEqual([]);
});

it('no code is in two sections', () => {
  const sections = [
    restErrorCatalogue,
    reportErrorCatalogue,
    adminErrorCatalogue,
    pluginResultErrorCatalogue,
    authErrorCatalogue,
    connectErrorCatalogue,
    clientErrorCatalogue,
  ];
  const codes = sections.flatMap((section) => Object.keys(section));
  expect(new Set(codes).size).toBe(codes.length);
  expect(Object.keys(errorCatalogue)).toHaveLength(
    codes.length - Object.keys(clientErrorCatalogue).length,
  );
});

it('every code the server can answer is documented in docs/api.md', () => {
  const docs = readFileSync(join(root, 'docs/api.md'), 'utf8');
  const undocumented = Object.keys(errorCatalogue).filter((code) => !docs.includes(`\`${code}\``));
  expect(undocumented).toEqual([]);
});

it('statuses are HTTP error statuses on the server and 0 on the client', () => {
  for (const { status } of Object.values(errorCatalogue)) {
    expect(status >= 400 && status < 600).toBe(true);
  }
  for (const { status } of Object.values(clientErrorCatalogue)) expect(status).toBe(0);
});

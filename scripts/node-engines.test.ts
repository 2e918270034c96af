import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { minVersion, satisfies } from 'semver';
import { describe, expect, it } from 'vitest';

/*
 * `npm install` warns (EBADENGINE) for every installed package whose `engines.node` the running
 * Node does not satisfy. The README states which Node versions Storelens supports and which
 * packages still warn; this keeps the lockfile to that word.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const json = (path: string) => JSON.parse(readFileSync(`${root}${path}`, 'utf8'));

/**
 * Packages only the tests install that declare a newer Node: WooCommerce's published client
 * and what it brings, whose releases declaring Node 20 no longer install (README, "Run it").
 */
const KNOWN_TEST_ONLY = new Set([
  '@woocommerce/data',
  '@woocommerce/date',
  '@woocommerce/navigation',
  '@woocommerce/tracks',
]);

interface LockedPackage {
  version?: string;
  dev?: boolean;
  engines?: { node?: string } | string[];
}

const lock = json('package-lock.json') as { packages: Record<string, LockedPackage> };
const supported = json('package.json').engines.node as string;
const oldest = minVersion(supported)?.version ?? '';

const nameOf = (path: string) => path.slice(path.lastIndexOf('node_modules/') + 13);

/** The installed packages whose declared Node range leaves out `node`. */
function refusing(node: string): { name: string; dev: boolean; range: string }[] {
  return Object.entries(lock.packages).flatMap(([path, entry]) => {
    const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
    if (!path || !range || satisfies(node, range)) return [];
    return [{ name: nameOf(path), dev: entry.dev === true, range }];
  });
}

describe('the Node versions the packages declare', () => {
  it('the oldest supported Node is a real version', () => {
    expect(oldest).toMatch(/^20\.\d+\.\d+$/);
  });

  it('every package the product runs on accepts the oldest supported Node', () => {
    expect(refusing(oldest).filter((p) => !p.dev)).toEqual([]);
  });

  it('only the documented test-only packages warn on the oldest supported Node', () => {
    const warn = refusing(oldest);
    expect(warn.filter((p) => !KNOWN_TEST_ONLY.has(p.name))).toEqual([]);
    expect(warn.every((p) => p.dev)).toBe(true);
  });
});

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
 * What compat/package-lock.json may hold that warns: WooCommerce's published client and what it
 * brings, installed apart for the compatibility tests, whose releases declaring Node 20 no
 * longer install (README, "Run it").
 */
const KNOWN_COMPAT = new Set([
  '@woocommerce/data',
  '@woocommerce/date',
  '@woocommerce/navigation',
  '@woocommerce/tracks',
]);

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
}

type Lock = { packages: Record<string, LockedPackage> };
const supported = json('package.json').engines.node as string;
const oldest = minVersion(supported)?.version ?? '';

const nameOf = (path: string) => path.slice(path.lastIndexOf('node_modules/') + 13);

/** The packages of a lockfile whose declared Node range leaves out `node`. */
function refusing(lock: Lock, node: string): { name: string; range: string }[] {
  return Object.entries(lock.packages).flatMap(([path, entry]) => {
    const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
    if (!path || !range || satisfies(node, range)) return [];
    return [{ name: nameOf(path), range }];
  });
}

describe('the Node versions the packages declare', () => {
  it('the oldest supported Node is a real version', () => {
    expect(oldest).toMatch(/^20\.\d+\.\d+$/);
  });

  it('`npm install` installs nothing that refuses the oldest supported Node', () => {
    expect(refusing(json('package-lock.json'), oldest)).toEqual([]);
  });

  it('only the WooCommerce client packages refuse it in the compatibility install', () => {
    const warn = refusing(json('compat/package-lock.json'), oldest);
    expect(warn.filter((p) => !KNOWN_COMPAT.has(p.name))).toEqual([]);
  });

  it('the compatibility install is not part of the workspace', () => {
    const workspaces = json('package.json').workspaces as string[];
    expect(workspaces.some((w) => w.startsWith('compat'))).toBe(false);
    expect(
      Object.keys(json('package-lock.json').packages).some((p) => p.includes('@woocommerce/')),
    ).toBe(false);
  });
});

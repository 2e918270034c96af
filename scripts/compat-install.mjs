#!/usr/bin/env node
// Installs WooCommerce's published client (compat/package.json) for the compatibility tests,
// apart from the product's own install: it brings about 400 WordPress packages that Storelens
// does not run on, and declares a newer Node than Storelens supports (README, "Run it").
// Skipped when compat/node_modules already holds what compat/package-lock.json names.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const compat = fileURLToPath(new URL('../compat/', import.meta.url));
const lock = `${compat}package-lock.json`;
const installed = `${compat}node_modules/.package-lock.json`;

if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs) process.exit(0);
console.log('== installing the WooCommerce client for the compatibility tests (compat/)');
const r = spawnSync('npm', ['ci', '--prefix', compat, '--no-audit', '--no-fund'], {
  stdio: 'inherit',
});
process.exit(r.status ?? 1);

#!/usr/bin/env node
// `npm test`: lint, type check, unit/component/server tests, browser e2e.
// Ends with one line "tests: N passed, N failed" so CI can read the outcome.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const out = mkdtempSync(join(tmpdir(), 'storelens-test-'));
let passed = 0;
let failed = 0;
let stepFailed = false;

function run(label, cmd, args) {
  console.log(`\n== ${label}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  if (r.status !== 0) {
    console.error(`== ${label} failed (exit ${r.status})`);
    stepFailed = true;
  }
  return r.status === 0;
}

function count(jsonFile) {
  try {
    const report = JSON.parse(readFileSync(jsonFile, 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
  } catch {
    // no report: the step's exit code already marked the failure
  }
}

if (run('lint', 'npx', ['biome', 'check', '.'])) passed++;
else failed++;
if (run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json'])) passed++;
else failed++;

const unitJson = join(out, 'unit.json');
run('unit, component and server tests', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${unitJson}`,
]);
count(unitJson);

const e2eJson = join(out, 'e2e.json');
run('browser e2e', 'npx', [
  'vitest',
  'run',
  '--config',
  'e2e/vitest.config.ts',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${e2eJson}`,
]);
count(e2eJson);

if (stepFailed && failed === 0) failed = 1;
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(stepFailed ? 1 : 0);

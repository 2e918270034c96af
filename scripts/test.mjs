#!/usr/bin/env node
// `npm test`: lint, type check, unit/component/server tests, browser e2e.
// Ends with one line "tests: N passed, N failed" so CI can read the outcome, after the names of
// what failed (CI keeps only the tail of the output).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const out = mkdtempSync(join(tmpdir(), 'storelens-test-'));
let passed = 0;
let failed = 0;
let stepFailed = false;
/** What failed, named in the summary: a step, or a test as "file > describe > test". */
const failures = [];

function run(label, cmd, args) {
  console.log(`\n== ${label}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  if (r.status !== 0) {
    console.error(`== ${label} failed (exit ${r.status})`);
    failures.push(`${label} (exit ${r.status})`);
    stepFailed = true;
  }
  return r.status === 0;
}

/** The first line of a failure's message (its assertion or error), without terminal colours. */
function firstLine(message) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes start with ESC.
  const plain = String(message ?? 'failed').replace(/\x1b\[[0-9;]*m/g, '');
  const first = plain.split('\n')[0];
  // Vitest's JSON report keeps a failure's stack only, and a timeout's stack is the one it took
  // when the test was declared, whose message is this placeholder.
  if (first === 'Error: STACK_TRACE_ERROR')
    return 'timed out: the test or one of its hooks ran past its time limit';
  return first.slice(0, 300);
}

function count(jsonFile) {
  try {
    const report = JSON.parse(readFileSync(jsonFile, 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    for (const file of report.testResults ?? []) {
      const path = relative(process.cwd(), file.name ?? '');
      for (const test of file.assertionResults ?? [])
        if (test.status === 'failed')
          failures.push(
            `${path} > ${[...(test.ancestorTitles ?? []), test.title].join(' > ')}\n      ${firstLine(test.failureMessages?.[0])}`,
          );
      // A file that failed to load or whose hooks threw has no failed test to name.
      if (
        file.status === 'failed' &&
        !(file.assertionResults ?? []).some((t) => t.status === 'failed')
      )
        failures.push(`${path}: ${(file.message ?? 'failed').split('\n')[0]}`);
    }
  } catch {
    // no report: the step's exit code already marked the failure
  }
}

/**
 * The browser tests drive Debian's chromium. When it is missing, install it as CI does if this
 * user can (root with apt-get); otherwise stop at once with the one command to run, rather than
 * failing minutes later in the e2e step.
 */
function ensureChromium() {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(path)) return;
  const steps = ['apt-get update', 'apt-get install -y chromium'];
  const command = steps.join(' && ');
  const canInstall =
    !process.env.CHROMIUM_PATH && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (canInstall) {
    console.log(`== chromium is missing: ${command}`);
    const r = spawnSync('sh', ['-c', command], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (r.status === 0 && existsSync(path)) return;
  }
  console.error(
    `The browser tests need Chromium at ${path}. Install it with:\n  ${steps.map((s) => `sudo ${s}`).join(' && ')}\n` +
      '(or point CHROMIUM_PATH at a Chromium binary).',
  );
  console.log('\ntests: 0 passed, 1 failed');
  process.exit(1);
}

ensureChromium();

// WooCommerce's published client, which the type check and the compatibility tests read.
if (!run('WooCommerce client for the compatibility tests', 'node', ['scripts/compat-install.mjs']))
  failed++;

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
if (failures.length > 0) console.log(`\nfailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(stepFailed ? 1 : 0);

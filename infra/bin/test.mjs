#!/usr/bin/env node
// `npm test`: install what is missing (npm packages, Debian's Chromium), build (the test tooling first), set up
// with that tooling the S3 servers and stripe-mock built with Go, schemathesis and the Whisper transcriber in
// virtualenvs, then run every suite:
// type checks, unit and integration tests (Vitest, against a real PostgreSQL), and the browser and
// whole-product tests (Playwright in Debian's Chromium). Exits non-zero if anything fails.
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, log, run } from '../lib/setup.mjs';
import { ensureSystemPackages } from '../lib/system.mjs';

// Every suite's temporary files (the products' data directories and clusters, Keycloak's, generated recordings,
// the browsers' profiles) go in one folder of this run (TMPDIR), removed when the run ends, passed or failed: runs
// on one machine do not fill its disk (MinIO refuses every write once its drive is nearly full). It is open to
// all like /tmp, as the embedded PostgreSQL runs as the postgres user. Each test runner also writes a JSON report
// there, so the run closes with one line counting every test.
const scratch = mkdtempSync(path.join(tmpdir(), 'touchline-test-'));
chmodSync(scratch, 0o1777);
const removeScratch = () => rmSync(scratch, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    removeScratch();
    process.exit(1);
  });
}
const vitestReport = path.join(scratch, 'vitest.json');
const playwrightReport = path.join(scratch, 'playwright.json');
const suiteEnv = { ...process.env, TMPDIR: scratch };
/** Below this much free space where the run writes, the tests' object stores and databases may refuse writes. */
const FREE_SPACE_WANTED = 10 * 1024 ** 3;

const suites = [
  ['type checks', 'npm', ['run', 'typecheck']],
  ["lint (formatting and the code layout's boundaries)", 'npm', ['run', 'lint']],
  ['unit and integration tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`], { env: suiteEnv }],
  [
    'browser and product tests',
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    { env: { ...suiteEnv, PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport } },
  ],
];

/** Passed, failed and skipped tests from both runners' reports; a suite that wrote no report counts as failed. */
function countTests() {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  if (existsSync(vitestReport)) {
    const vitest = JSON.parse(readFileSync(vitestReport, 'utf8'));
    counts.passed += vitest.numPassedTests;
    counts.failed += vitest.numFailedTests;
    counts.skipped += vitest.numPendingTests + vitest.numTodoTests;
  }
  if (existsSync(playwrightReport)) {
    const { stats } = JSON.parse(readFileSync(playwrightReport, 'utf8'));
    counts.passed += stats.expected + stats.flaky;
    counts.failed += stats.unexpected;
    counts.skipped += stats.skipped;
  }
  return counts;
}

try {
  ensureInstalled();
  ensureSystemPackages();
  // The build includes the test tooling (tooling/dist), which sets up the rest.
  ensureBuilt();
  const { ensureGoTool, ensureSchemathesis, ensureWhisper } = await import('@touchline/tooling');
  // The storage contract suite runs against both S3 servers; a first build takes a few minutes, then it is cached.
  // The Stripe billing adapter's tests run against stripe-mock.
  for (const tool of ['minio', 'versitygw', 'stripe-mock']) ensureGoTool(tool);
  // The OpenAPI conformance test runs schemathesis (PyPI) from a virtualenv in the same cache.
  ensureSchemathesis();
  // The Whisper transcriber's test runs the real sidecar: faster-whisper and the verified weights, from pinned hashes.
  await ensureWhisper();
} catch (error) {
  log(`set-up failed: ${error.message}`);
  removeScratch();
  process.exit(1);
}

const { bavail, bsize } = statfsSync(scratch);
if (bavail * bsize < FREE_SPACE_WANTED) {
  log(
    `only ${((bavail * bsize) / 1024 ** 3).toFixed(1)} GB free in ${tmpdir()}; the tests want ${FREE_SPACE_WANTED / 1024 ** 3} GB, and may fail for want of space`,
  );
}
const failed = [];
for (const [name, command, args, options] of suites) {
  log(`running ${name}…`);
  try {
    run(command, args, options);
  } catch {
    failed.push(name);
  }
}

/** A page snapshot's lines without the sidebar's subtree (`- complementary:`), the same on every page and long. */
function withoutSidebar(lines) {
  const kept = [];
  let skipping = -1;
  for (const line of lines) {
    const indent = line.length - line.trimStart().length;
    if (skipping >= 0 && (indent > skipping || line.trim() === '')) continue;
    skipping = /^\s*- complementary:/.test(line) ? indent : -1;
    if (skipping < 0) kept.push(line);
  }
  return kept;
}

/**
 * What a failed browser test saw, printed so that a run whose directory is gone afterwards still shows it: the error
 * and the page as it stood (the parts of Playwright's error-context.md that are not the test's own source), and the
 * end of what the product's services logged when the test kept it (compose-logs.txt), above info.
 */
function printFailedPages() {
  const results = path.join('e2e', 'test-results');
  if (!existsSync(results)) return;
  for (const dir of readdirSync(results)) {
    const context = path.join(results, dir, 'error-context.md');
    if (existsSync(context)) {
      const sections = readFileSync(context, 'utf8').split(/^(?=# )/m);
      const shown = sections.filter((section) => /^# (Error details|Page snapshot)/.test(section)).join('');
      const lines = withoutSidebar((shown || sections.join('')).split('\n'));
      log(`the page when ${dir} failed (its sidebar left out):`);
      process.stdout.write(`${lines.slice(0, 100).join('\n')}${lines.length > 100 ? `\n… ${lines.length - 100} more lines` : ''}\n`);
    }
    const services = path.join(results, dir, 'compose-logs.txt');
    if (existsSync(services)) {
      const lines = readFileSync(services, 'utf8')
        .split('\n')
        .filter((line) => /^(api|worker|web|minio)-\d/.test(line) && !/"level":30/.test(line));
      log(`the API, the workers, nginx and MinIO when ${dir} failed (their last ${Math.min(lines.length, 60)} lines above info):`);
      process.stdout.write(`${lines.slice(-60).join('\n')}\n`);
    }
  }
}

/** Every failed test by its file and name, from both runners' reports, so that the end of a run says which. */
function failedTests() {
  const names = [];
  if (existsSync(vitestReport)) {
    for (const file of JSON.parse(readFileSync(vitestReport, 'utf8')).testResults) {
      const where = path.relative(process.cwd(), file.name);
      const failures = file.assertionResults.filter((test) => test.status === 'failed');
      for (const test of failures) names.push(`${where} › ${test.fullName}: ${String(test.failureMessages[0] ?? '').split('\n')[0]}`);
      if (failures.length === 0 && file.status === 'failed') names.push(`${where}: ${String(file.message ?? '').split('\n')[0]}`);
    }
  }
  if (existsSync(playwrightReport)) {
    const visit = (suite, where) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests) if (test.status === 'unexpected') names.push(`${spec.file} › ${[...where, spec.title].join(' › ')}`);
      }
      for (const inner of suite.suites ?? []) visit(inner, inner.title === inner.file ? where : [...where, inner.title]);
    };
    for (const suite of JSON.parse(readFileSync(playwrightReport, 'utf8')).suites) visit(suite, []);
  }
  return names;
}

if (failed.includes('browser and product tests')) printFailedPages();
const counts = countTests();
const failures = failedTests();
removeScratch();
if (failures.length > 0) log(`failed tests:\n${failures.map((name) => `  ${name.slice(0, 400)}`).join('\n')}`);
log(failed.length > 0 ? `FAILED: ${failed.join(', ')}` : 'all suites passed');
// CI reads the last line of the run: the plain count of every suite's tests closes it.
process.stdout.write(`Tests: ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}\n`);
process.exit(failed.length > 0 ? 1 : 0);

#!/usr/bin/env node
// `npm test`: install what is missing (npm packages, Debian's Chromium), build (the test tooling first), set up
// with that tooling the S3 servers and stripe-mock built with Go, schemathesis and the Whisper transcriber in
// virtualenvs, then run every suite:
// type checks, unit and integration tests (Vitest, against a real PostgreSQL), and the browser and
// whole-product tests (Playwright in Debian's Chromium). Exits non-zero if anything fails.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, log, run } from '../lib/setup.mjs';
import { ensureSystemPackages } from '../lib/system.mjs';

// Each test runner also writes a JSON report, so the run closes with one line counting every test.
const reports = mkdtempSync(path.join(tmpdir(), 'touchline-test-'));
const vitestReport = path.join(reports, 'vitest.json');
const playwrightReport = path.join(reports, 'playwright.json');

const suites = [
  ['type checks', 'npm', ['run', 'typecheck']],
  ["lint (formatting and the code layout's boundaries)", 'npm', ['run', 'lint']],
  ['unit and integration tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]],
  [
    'browser and product tests',
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    { env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport } },
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
  process.exit(1);
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

/**
 * The page as it stood when a browser test failed (Playwright's error-context.md), printed so that a run whose
 * directory is gone afterwards still shows what the person would have seen.
 */
function printFailedPages() {
  const results = path.join('e2e', 'test-results');
  if (!existsSync(results)) return;
  for (const dir of readdirSync(results)) {
    const context = path.join(results, dir, 'error-context.md');
    if (!existsSync(context)) continue;
    const lines = readFileSync(context, 'utf8').split('\n');
    log(`the page when ${dir} failed:`);
    process.stdout.write(`${lines.slice(0, 80).join('\n')}${lines.length > 80 ? `\n… ${lines.length - 80} more lines` : ''}\n`);
  }
}

if (failed.includes('browser and product tests')) printFailedPages();
const counts = countTests();
rmSync(reports, { recursive: true, force: true });
log(failed.length > 0 ? `FAILED: ${failed.join(', ')}` : 'all suites passed');
// CI reads the last line of the run: the plain count of every suite's tests closes it.
process.stdout.write(`Tests: ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}\n`);
process.exit(failed.length > 0 ? 1 : 0);

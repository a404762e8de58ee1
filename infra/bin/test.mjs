#!/usr/bin/env node
// `npm test`: install what is missing (npm packages, Debian's Chromium, the S3 servers built with Go, schemathesis
// in a virtualenv), build,
// then run every suite:
// type checks, unit and integration tests (Vitest, against a real PostgreSQL), and the browser and
// whole-product tests (Playwright in Debian's Chromium). Exits non-zero if anything fails.
import { ensureGoTool } from '../lib/go-tools.mjs';
import { ensureSchemathesis } from '../lib/schemathesis.mjs';
import { ensureBuilt, ensureInstalled, log, run } from '../lib/setup.mjs';
import { ensureSystemPackages } from '../lib/system.mjs';

const suites = [
  ['type checks', 'npm', ['run', 'typecheck']],
  ['unit and integration tests', 'npx', ['vitest', 'run']],
  ['browser and product tests', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']],
];

try {
  ensureInstalled();
  ensureSystemPackages();
  // The storage contract suite runs against both S3 servers; a first build takes a few minutes, then it is cached.
  for (const tool of ['minio', 'versitygw']) ensureGoTool(tool);
  // The OpenAPI conformance test runs schemathesis (PyPI) from a virtualenv in the same cache.
  ensureSchemathesis();
  ensureBuilt();
} catch (error) {
  log(`set-up failed: ${error.message}`);
  process.exit(1);
}

const failed = [];
for (const [name, command, args] of suites) {
  log(`running ${name}…`);
  try {
    run(command, args);
  } catch {
    failed.push(name);
  }
}

if (failed.length > 0) {
  log(`FAILED: ${failed.join(', ')}`);
  process.exit(1);
}
log('all suites passed');

#!/usr/bin/env node
// `npm run bench:<name>`: install and build as needed, then run e2e/bench/<name>.bench.ts.
import { ensureBuilt, ensureInstalled, run } from '../lib/setup.mjs';

const name = process.argv[2];
ensureInstalled();
ensureBuilt();
run('npx', ['vitest', 'run', '--config', 'e2e/bench/vitest.config.ts', `e2e/bench/${name}.bench.ts`]);

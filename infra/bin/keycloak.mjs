#!/usr/bin/env node
// `npm run keycloak`: Keycloak on this machine (no Docker), for developing and testing the product with
// IDENTITY_PROVIDER=keycloak. It imports infra/keycloak/realm-touchline.json and the login theme — the same
// files docker-compose.yml uses — into a fresh server under KEYCLOAK_DATA_DIR, and runs until Ctrl-C.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, log } from '../lib/setup.mjs';

ensureInstalled();
ensureBuilt();
const { startKeycloak } = await import('@touchline/tooling');

const required = (name) => {
  if (!process.env[name]) {
    log(`set ${name} (see README, "Sign-in with Keycloak")`);
    process.exit(1);
  }
  return process.env[name];
};

const port = Number(process.env.KEYCLOAK_PORT || 8081);
const managementPort = Number(process.env.KEYCLOAK_MANAGEMENT_PORT || 9001);
const dataDir = process.env.KEYCLOAK_DATA_DIR || mkdtempSync(path.join(tmpdir(), 'touchline-keycloak-'));
const bootstrapPassword = process.env.KC_BOOTSTRAP_ADMIN_PASSWORD || randomBytes(12).toString('base64url');

const keycloak = await startKeycloak({
  port,
  managementPort,
  dataDir,
  env: {
    KEYCLOAK_ADMIN_CLIENT_SECRET: required('KEYCLOAK_ADMIN_CLIENT_SECRET'),
    KC_BOOTSTRAP_ADMIN_PASSWORD: bootstrapPassword,
    TOUCHLINE_PUBLIC_URL: process.env.TOUCHLINE_PUBLIC_URL || 'http://localhost:8080',
    SMTP_HOST: process.env.SMTP_HOST || '127.0.0.1',
    SMTP_PORT: process.env.SMTP_PORT || '1025',
  },
});
log(
  `Keycloak ${keycloak.url} (admin console: ${keycloak.url}/admin, user "admin"${process.env.KC_BOOTSTRAP_ADMIN_PASSWORD ? '' : `, password ${bootstrapPassword}`})`,
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await keycloak.stop();
    process.exit(0);
  });
}

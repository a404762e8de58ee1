#!/usr/bin/env node
// `npm run keycloak`: Keycloak on this machine (no Docker), for developing and testing the product with
// IDENTITY_PROVIDER=keycloak: the realm infra/keycloak/realm-touchline.json and the login theme — the same files
// docker-compose.yml uses. The product's address comes from the settings `npm start` reads (PUBLIC_URL, else
// http://localhost:$PORT); the server and its accounts are kept in $DATA_DIR/keycloak (KEYCLOAK_DATA_DIR/keycloak
// when set). Runs until Ctrl-C. The work is @touchline/tooling's startDevelopmentKeycloak.
import { defaultDataDir, ensureBuilt, ensureInstalled, log } from '../lib/setup.mjs';

ensureInstalled();
ensureBuilt();
const { startDevelopmentKeycloak } = await import('@touchline/tooling');

let keycloak;
try {
  keycloak = await startDevelopmentKeycloak(process.env, { defaultDataDir });
} catch (error) {
  log(error.message);
  process.exit(1);
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    log('stopping Keycloak…');
    await keycloak.stop();
    process.exit(0);
  });
}

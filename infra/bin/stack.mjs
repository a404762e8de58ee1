#!/usr/bin/env node
// `npm run stack`: the production stack (docker-compose.yml) on this machine, in containers. Installs and starts
// Docker Engine when it is missing (as root on Debian), makes `.env` from .env.example with generated secrets when
// there is none, builds what is missing (from Debian and the package registries when no image registry answers),
// waits until every service is healthy and prints the address. WEB_PORT, WEB_BIND, PUBLIC_URL and
// MAILPIT_UI_PORT from the environment win over `.env`; STACK_REPLICAS=2 runs two API and two worker containers
// behind the same nginx. `npm run stack:down` stops it, keeping the data.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, log, root, run } from '../lib/setup.mjs';

const down = process.argv[2] === 'down';
ensureInstalled();
ensureBuilt();
const { buildOfflineImages, composeArguments, ensureDocker, ensureEnvFile, upstreamRegistryReachable } = await import('@touchline/tooling');

try {
  await ensureDocker();
  if (down) {
    run('docker', ['compose', ...composeArguments({ offline: false }), 'down'], { cwd: root });
    log('stopped (the data volumes are kept; `docker compose down -v` would delete them)');
    process.exit(0);
  }
  if (ensureEnvFile()) log('made .env from .env.example with a generated secret for every "set this" value (keep it private)');
  const offline = !(await upstreamRegistryReachable());
  if (offline) {
    log('no image registry answers: building the images from Debian and the package registries (infra/docker/offline)…');
    await buildOfflineImages();
  }
  const replicas = Math.max(1, Number(process.env.STACK_REPLICAS || 1));
  const scale = replicas > 1 ? ['--scale', `api=${replicas}`, '--scale', `worker=${replicas}`] : [];
  log(`building the product's images and starting the stack${replicas > 1 ? ` with ${replicas} API and worker containers` : ''}…`);
  run('docker', ['compose', ...composeArguments({ offline }), 'up', '-d', '--build', '--wait', '--wait-timeout', '900', ...scale], { cwd: root });
  const fromEnvFile = /^PUBLIC_URL=(.*)$/m.exec(existsSync(path.join(root, '.env')) ? readFileSync(path.join(root, '.env'), 'utf8') : '')?.[1];
  log(`ready at ${process.env.PUBLIC_URL || fromEnvFile || 'http://localhost:8080'} (stop with npm run stack:down)`);
} catch (error) {
  log(`the stack did not start: ${error.message}`);
  process.exit(1);
}

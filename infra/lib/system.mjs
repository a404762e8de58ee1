// Debian packages the tests need. Installed with apt-get when missing (apt keeps its own download cache).
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { log, run } from './setup.mjs';

const packages = [
  { name: 'chromium', provides: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  // The web entry point of `npm run stack:native` (docker-compose.yml's web service runs nginx too).
  { name: 'nginx', provides: '/usr/sbin/nginx' },
  // Session analysis decodes every recording with ffmpeg; the test recordings are spoken by espeak-ng and
  // mixed with sox.
  { name: 'ffmpeg', provides: '/usr/bin/ffmpeg' },
  { name: 'espeak-ng', provides: '/usr/bin/espeak-ng' },
  { name: 'sox', provides: '/usr/bin/sox' },
  // The offline transcriber (TRANSCRIBER=pocketsphinx) and its English model.
  { name: 'pocketsphinx', provides: '/usr/bin/pocketsphinx_batch' },
  { name: 'pocketsphinx-en-us', provides: '/usr/share/pocketsphinx/model/en-us/en-us.lm.bin' },
];

/**
 * What the product itself needs to analyse sessions, and to make its demo session (a recording spoken by
 * espeak-ng, laid on silence with sox); the rest of the list is for the tests.
 */
const ANALYSIS_PACKAGES = new Set(['ffmpeg', 'pocketsphinx', 'pocketsphinx-en-us', 'espeak-ng', 'sox']);

/**
 * For `npm start`: installs the analysis tools when it can (root on Debian), and otherwise only says what is
 * missing. The product runs without them; sessions then fail analysis with a reason until ffmpeg is there, and
 * are analysed without a transcript until pocketsphinx is.
 */
export function ensureAnalysisPackages() {
  try {
    ensureSystemPackages(packages.filter((p) => ANALYSIS_PACKAGES.has(p.name)));
  } catch (error) {
    log(`${error.message} Session analysis needs ffmpeg; pocketsphinx adds the coded transcript; the demo session needs espeak-ng and sox.`);
  }
}

export function ensureSystemPackages(wanted = packages) {
  const missing = wanted.filter((p) => !existsSync(p.provides));
  if (missing.length === 0) return;
  const names = missing.map((p) => p.name);
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    throw new Error(`missing system packages: ${names.join(', ')}. Install them (Debian: sudo apt-get install ${names.join(' ')}) and run again.`);
  }
  log(`installing ${names.join(', ')} with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], { env });
  // Packages that bring a service (nginx) must not start it on port 80: the stack starts its own, on loopback.
  const policy = '/usr/sbin/policy-rc.d';
  const ownPolicy = !existsSync(policy);
  if (ownPolicy) writeFileSync(policy, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
  try {
    run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...names], { env });
  } finally {
    if (ownPolicy) rmSync(policy, { force: true });
  }
}

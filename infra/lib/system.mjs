// Debian packages the tests need. Installed with apt-get when missing (apt keeps its own download cache).
import { existsSync } from 'node:fs';
import { log, run } from './setup.mjs';

const packages = [{ name: 'chromium', provides: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' }];

export function ensureSystemPackages() {
  const missing = packages.filter((p) => !existsSync(p.provides));
  if (missing.length === 0) return;
  const names = missing.map((p) => p.name);
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    throw new Error(`missing system packages: ${names.join(', ')}. Install them (Debian: sudo apt-get install ${names.join(' ')}) and run again.`);
  }
  log(`installing ${names.join(', ')} with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], { env });
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...names], { env });
}

// Where the repository and the tools' cache folder are, and the launchers' log line.
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder (this module is tooling/dist/repo.js once built). */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Keycloak, the Go-built servers and schemathesis are cached here, outside the repository. */
export const cacheDir = process.env.TOUCHLINE_CACHE ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(homedir(), '.cache'), 'touchline');

/** A progress line, prefixed like the set-up's (infra/lib/setup.mjs). */
export function log(message: string): void {
  process.stdout.write(`[touchline] ${message}\n`);
}

/**
 * The V8 flags the API process runs with. `npm start`'s script in package.json is their one source (the
 * Docker image's CMD is checked against it); every launcher that starts the API itself passes them too, so
 * tests and benchmarks measure the process users run.
 */
export function apiNodeFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const [command, ...words] = scripts.start.trim().split(/\s+/);
  if (command !== 'node') throw new Error(`package.json's start script does not run node: ${scripts.start}`);
  return words.filter((word) => word.startsWith('--'));
}

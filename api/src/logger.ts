import pino from 'pino';
import type { AppConfig } from './config/app-config';

export function createLogger(config: Pick<AppConfig, 'logLevel'>) {
  return pino({ level: config.logLevel, base: { service: 'api' } });
}

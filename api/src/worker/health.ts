import { readFileSync } from 'node:fs';
import { loadConfig } from '../config';
import { HEARTBEAT_STALE_MS } from './heartbeat';

/** The worker container's health check: exit 0 while the worker's heartbeat is fresh (a setting it cannot read is not). */
try {
  const age = Date.now() - Number(readFileSync(loadConfig().workerHeartbeatFile, 'utf8'));
  process.exit(age >= 0 && age < HEARTBEAT_STALE_MS ? 0 : 1);
} catch {
  process.exit(1);
}

import { readFileSync } from 'node:fs';
import { HEARTBEAT_STALE_MS, heartbeatFile } from './heartbeat';

/** The worker container's health check: exit 0 while the worker's heartbeat is fresh. */
try {
  const age = Date.now() - Number(readFileSync(heartbeatFile(), 'utf8'));
  process.exit(age >= 0 && age < HEARTBEAT_STALE_MS ? 0 : 1);
} catch {
  process.exit(1);
}

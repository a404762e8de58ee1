import { tmpdir } from 'node:os';
import * as path from 'node:path';

export const HEARTBEAT_INTERVAL_MS = 10_000;
/** A heartbeat older than this means the worker is stuck or gone. */
export const HEARTBEAT_STALE_MS = 60_000;

export const heartbeatFile = () => process.env.WORKER_HEARTBEAT_FILE ?? path.join(tmpdir(), 'touchline-worker.heartbeat');

/** The worker's heartbeat, written to `AppConfig.workerHeartbeatFile` (WORKER_HEARTBEAT_FILE). */
export const HEARTBEAT_INTERVAL_MS = 10_000;
/** A heartbeat older than this means the worker is stuck or gone. */
export const HEARTBEAT_STALE_MS = 60_000;

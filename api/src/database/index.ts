// The database module's face: what other modules may use of it (docs/project-structure.md). Everything else is private.
export { DATABASE_URL } from './database-url';
export { type EmbeddedDatabase, startEmbeddedPostgres } from './embedded-postgres';
export { migrations } from './migrations';
export { isLastTeamAdmin, isUniqueViolation } from './postgres-errors';
export { clusterDirFor, StartupError } from './postgres-runtime';
export { returningRows } from './returning-rows';
export { loadOrCreateSecret } from './secrets';
export { type NotificationHandler, NotificationListener } from './notification-listener';
export { PostgresThrottleStore } from './postgres-throttle-store';
export { RateLimit, type RateLimitOptions, type RateLimitState, ThrottleStore, type ThrottleCount, throttleKey } from './throttle-store';
export { exclusively, migrateExclusively } from './migrate';

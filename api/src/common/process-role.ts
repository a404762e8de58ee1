/** Which process this is: the API (HTTP, listening for account changes) or the worker (background jobs only). */
export type ProcessRole = 'api' | 'worker';

export const PROCESS_ROLE = Symbol('PROCESS_ROLE');

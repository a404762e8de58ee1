// The common module's face: what other modules may use of it (docs/project-structure.md). Everything else is private.
export { AllExceptionsFilter } from './all-exceptions.filter';
export { ApiErrors, BODY_ERRORS, closeRequestSchemas, ErrorResponse, SIGNED_IN_ERRORS } from './api-docs';
export { AppError, Errors } from './app-error';
export { ClientAddress, clientAddress } from './client-address';
export { asJsonError } from './error-body';
export { type HttpMount, HttpMounts } from './http-mounts';
export { apiDefaults, jsonBody } from './json-body';
export { redactUrl } from './log-redaction';
export { methodNotAllowed } from './method-not-allowed';
export { dummyPasswordHash, hashPassword, verifyPassword } from './password-hasher';
export { PROCESS_ROLE, type ProcessRole } from './process-role';
export { round } from './round';
export { createValidationPipe, uuidParam } from './validation';
export { bearer, freePort, isAlive } from './net';

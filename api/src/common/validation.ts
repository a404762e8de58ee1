import { ParseUUIDPipe, ValidationPipe } from '@nestjs/common';
import type { AppError } from './app-error';

/** One validation rule for every endpoint: DTOs are whitelists, and unknown fields are refused, not dropped. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({ transform: true, whitelist: true, forbidNonWhitelisted: true });
}

/**
 * A path parameter that names a record by its UUID. Anything that is not one answers the record's own "not found"
 * error, as an unknown UUID does, so a malformed address tells a caller nothing more than a wrong one.
 */
export function uuidParam(notFound: () => AppError): ParseUUIDPipe {
  return new ParseUUIDPipe({ exceptionFactory: notFound });
}

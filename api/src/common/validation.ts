import { ValidationPipe } from '@nestjs/common';

/** One validation rule for every endpoint: DTOs are whitelists, and unknown fields are refused, not dropped. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({ transform: true, whitelist: true, forbidNonWhitelisted: true });
}

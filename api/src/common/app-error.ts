import { HttpException, HttpStatus } from '@nestjs/common';

/** Every error the API raises on purpose: a stable code for logs and tests, a status, and a message a person reads. */
export class AppError extends HttpException {
  constructor(
    readonly code: string,
    status: HttpStatus,
    message: string,
  ) {
    super({ statusCode: status, message }, status);
  }
}

export const Errors = {
  authenticationRequired: () => new AppError('AUTHENTICATION_REQUIRED', HttpStatus.UNAUTHORIZED, 'Authentication required'),
  invalidToken: () => new AppError('INVALID_TOKEN', HttpStatus.UNAUTHORIZED, 'Invalid or expired access token'),
  userNotFound: () => new AppError('USER_NOT_FOUND', HttpStatus.NOT_FOUND, 'User not found'),
  malformedJson: () => new AppError('MALFORMED_JSON', HttpStatus.BAD_REQUEST, 'Malformed JSON in request body'),
  bodyTooLarge: (limit: string) =>
    new AppError('BODY_TOO_LARGE', HttpStatus.PAYLOAD_TOO_LARGE, `Request body is larger than the limit of ${limit}`),
  unsupportedBody: () =>
    new AppError('UNSUPPORTED_BODY', HttpStatus.UNSUPPORTED_MEDIA_TYPE, 'Request body must be JSON in UTF-8'),
} as const;

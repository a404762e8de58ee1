import { applyDecorators, HttpStatus } from '@nestjs/common';
import { ApiProperty, ApiResponse, type OpenAPIObject } from '@nestjs/swagger';
import type { ErrorBody } from './error-body';

/** The one error shape every /api answer of 4xx or 5xx has. */
export class ErrorBodyDto implements ErrorBody {
  @ApiProperty({ type: 'integer', minimum: 400, maximum: 599, example: 404 })
  statusCode: number;

  @ApiProperty({ description: 'What went wrong, in words a person reads', example: 'Session not found' })
  message: string;
}

const WHY: Partial<Record<HttpStatus, string>> = {
  [HttpStatus.BAD_REQUEST]: 'Malformed or invalid input: the message names each field',
  [HttpStatus.UNAUTHORIZED]: 'No access token, or one that is invalid or expired',
  [HttpStatus.FORBIDDEN]: 'The body does not match the signed-in account',
  [HttpStatus.NOT_FOUND]: "Not found, or not the caller's",
  [HttpStatus.CONFLICT]: 'Not possible in the current state',
  [HttpStatus.GONE]: 'The invitation has expired, been revoked or been used',
  [HttpStatus.PAYLOAD_TOO_LARGE]: 'The body (or the announced recording) is larger than allowed',
  [HttpStatus.UNSUPPORTED_MEDIA_TYPE]: 'A body that is not JSON in UTF-8, or a file type that is not supported',
  [HttpStatus.TOO_MANY_REQUESTS]: 'Too many requests from this address',
  [HttpStatus.SERVICE_UNAVAILABLE]: 'The identity provider or the database cannot be reached',
};

/** Documents the error answers an endpoint can give, each `{ statusCode, message }`. */
export function ApiErrors(...statuses: HttpStatus[]): MethodDecorator & ClassDecorator {
  return applyDecorators(...statuses.map((status) => ApiResponse({ status, description: WHY[status] ?? 'Error', type: ErrorBodyDto })));
}

/** Errors of any endpoint that reads a JSON body. */
export const BODY_ERRORS = [HttpStatus.BAD_REQUEST, HttpStatus.PAYLOAD_TOO_LARGE, HttpStatus.UNSUPPORTED_MEDIA_TYPE] as const;
/** Errors of any endpoint that needs a signed-in, registered user (503: Keycloak unreachable). */
export const SIGNED_IN_ERRORS = [HttpStatus.UNAUTHORIZED, HttpStatus.NOT_FOUND, HttpStatus.SERVICE_UNAVAILABLE] as const;

/** Request bodies are whitelists (the validation pipe refuses unknown fields); their schemas say so. */
export function closeRequestSchemas(document: OpenAPIObject): void {
  const schemas = document.components?.schemas ?? {};
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item) as { requestBody?: { content?: Record<string, { schema?: { $ref?: string } }> } }[]) {
      const ref = operation?.requestBody?.content?.['application/json']?.schema?.$ref;
      const schema = ref ? (schemas[ref.split('/').pop()!] as { additionalProperties?: boolean } | undefined) : undefined;
      if (schema) schema.additionalProperties = false;
    }
  }
}

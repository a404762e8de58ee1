import { applyDecorators, HttpStatus } from '@nestjs/common';
import { ApiProperty, ApiResponse, ApiSchema, type OpenAPIObject } from '@nestjs/swagger';
import type { ErrorBody } from './error-body';

/** The one error shape every /api answer of 4xx or 5xx has. */
@ApiSchema({ name: 'ErrorBodyDto' })
export class ErrorResponse implements ErrorBody {
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
  return applyDecorators(...statuses.map((status) => ApiResponse({ status, description: WHY[status] ?? 'Error', type: ErrorResponse })));
}

/** Errors of any endpoint that reads a JSON body. */
export const BODY_ERRORS = [HttpStatus.BAD_REQUEST, HttpStatus.PAYLOAD_TOO_LARGE, HttpStatus.UNSUPPORTED_MEDIA_TYPE] as const;
/** Errors of any endpoint that needs a signed-in, registered user (503: Keycloak unreachable). */
export const SIGNED_IN_ERRORS = [HttpStatus.UNAUTHORIZED, HttpStatus.NOT_FOUND, HttpStatus.SERVICE_UNAVAILABLE] as const;

/** A string with no NUL character (U+0000), which the API refuses anywhere in a JSON body (PostgreSQL cannot store it). */
export const NO_NUL_PATTERN = '^[^\\u0000]*$';

interface SchemaNode {
  type?: string;
  pattern?: string;
  enum?: unknown[];
  format?: string;
  $ref?: string;
  additionalProperties?: boolean;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  allOf?: SchemaNode[];
}

/**
 * Request bodies are whitelists (the validation pipe refuses unknown fields), and no string of a body or a query
 * may hold NUL: the schemas say both, so a client generated from the document sends what the API accepts.
 */
export function closeRequestSchemas(document: OpenAPIObject): void {
  const schemas = (document.components?.schemas ?? {}) as Record<string, SchemaNode>;
  const resolve = (schema: SchemaNode | undefined) => (schema?.$ref ? schemas[schema.$ref.split('/').pop()!] : schema);
  const seen = new Set<SchemaNode>();
  const forbidNul = (node: SchemaNode | undefined) => {
    const schema = resolve(node);
    if (!schema || seen.has(schema)) return;
    seen.add(schema);
    // A string with a format (email, uuid, date-time) is held to it, which no NUL passes.
    if (schema.type === 'string' && !schema.enum && !schema.format) {
      // A string with a pattern of its own keeps it, and gets the NUL rule beside it.
      if (schema.pattern) schema.allOf = [...(schema.allOf ?? []), { pattern: NO_NUL_PATTERN }];
      else schema.pattern = NO_NUL_PATTERN;
    }
    for (const property of Object.values(schema.properties ?? {})) forbidNul(property);
    forbidNul(schema.items);
  };
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item) as {
      requestBody?: { content?: Record<string, { schema?: SchemaNode }> };
      parameters?: { in?: string; schema?: SchemaNode }[];
    }[]) {
      const body = resolve(operation?.requestBody?.content?.['application/json']?.schema);
      if (body?.properties) body.additionalProperties = false;
      forbidNul(body);
      for (const parameter of operation?.parameters ?? []) if (parameter.in === 'query') forbidNul(parameter.schema);
    }
  }
}

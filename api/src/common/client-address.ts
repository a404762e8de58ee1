import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/**
 * The client's address, for throttles and limits: Express's `req.ip`, which honours TRUST_PROXY (behind nginx, the
 * address nginx saw). The one way it is read: a handler takes `@ClientAddress()`; a guard, or a service handed the
 * request, calls `clientAddress(request)`.
 */
export function clientAddress(request: Pick<Request, 'ip'>): string {
  return request.ip ?? 'unknown';
}

export const ClientAddress = createParamDecorator((_: unknown, context: ExecutionContext): string =>
  clientAddress(context.switchToHttp().getRequest<Request>()),
);

import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/**
 * The client's address, for throttles and limits: Express's `req.ip`, which honours TRUST_PROXY (behind nginx, the
 * address nginx saw). The one way a handler reads it.
 */
export const ClientAddress = createParamDecorator(
  (_: unknown, context: ExecutionContext): string => context.switchToHttp().getRequest<Request>().ip ?? 'unknown',
);

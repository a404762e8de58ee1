import type { OpenAPIObject } from '@nestjs/swagger';
import type { RequestHandler } from 'express';
import { AppError } from './app-error';
import { toErrorBody } from './error-body';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/**
 * 405 with an `Allow` header for a method a documented path does not have (RFC 9110 §15.5.6), instead of the
 * router's 404: the path exists. The documented operations are the source, so the two cannot disagree.
 */
export function methodNotAllowed(document: OpenAPIObject): RequestHandler {
  const routes = Object.entries(document.paths).map(([template, item]) => {
    const methods = METHODS.filter((m) => m in item).map((m) => m.toUpperCase());
    if (methods.includes('GET')) methods.push('HEAD');
    const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+');
    return { matcher: new RegExp(`^${pattern}/?$`), methods };
  });
  return (req, res, next) => {
    const route = routes.find((r) => r.matcher.test(req.path));
    if (!route || route.methods.includes(req.method)) return next();
    const body = toErrorBody(new AppError('METHOD_NOT_ALLOWED', 405, `${req.method} is not allowed here. Allowed: ${route.methods.join(', ')}`));
    res.status(405).setHeader('Allow', route.methods.join(', ')).json(body);
  };
}

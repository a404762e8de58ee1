import express, { type RequestHandler } from 'express';
import { Errors, type AppError } from './app-error';
import { toErrorBody } from './error-body';

/**
 * Deepest nesting of objects and arrays a JSON body may have. The API's bodies are a level or two deep; the
 * validation libraries walk a body recursively, so a body nested thousands deep would exhaust the stack.
 */
export const MAX_JSON_DEPTH = 32;

interface BodyParserError {
  type?: string;
  status?: number;
}

/**
 * express.json with its failures answered in the API's error shape. Body-parser reports errors through
 * express's `next(err)`, which Nest's exception filters never see, so they are mapped here.
 */
export function jsonBody(limit: string): RequestHandler {
  const parse = express.json({ limit });
  return (req, res, next) =>
    parse(req, res, (err?: unknown) => {
      if (!err) {
        // A body read raw before (the payment provider's webhook, whose signature covers the exact bytes) is left as is.
        if (Buffer.isBuffer(req.body)) return next();
        const problem = unacceptable(req.body);
        if (!problem) return next();
        const body = toErrorBody(problem);
        res.status(body.statusCode).json(body);
        return;
      }
      const { type } = err as BodyParserError;
      const error =
        type === 'entity.too.large'
          ? Errors.bodyTooLarge(limit)
          : type === 'charset.unsupported' || type === 'encoding.unsupported'
            ? Errors.unsupportedBody()
            : Errors.malformedJson();
      const body = toErrorBody(error);
      res.status(body.statusCode).json(body);
    });
}

/**
 * What every /api request gets before its route: answers are about someone (a coach, a review link's session)
 * unless a route says otherwise, so no shared or browser cache keeps them (a route that may be cached, a
 * recording's byte ranges, sets its own header); and a query string with a NUL character is refused like a body
 * with one, whatever the route.
 */
export const apiDefaults: RequestHandler = (req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  const name = Object.entries(req.query).find(([key, value]) => key.includes('\u0000') || holdsNul(value))?.[0];
  if (name === undefined) return next();
  const body = toErrorBody(Errors.nulInQuery(name.replace(/\u0000/g, '')));
  res.status(body.statusCode).json(body);
};

/** Express's query parser gives strings, and arrays of them for a repeated name. */
const holdsNul = (value: unknown): boolean => (Array.isArray(value) ? value.some(holdsNul) : typeof value === 'string' && value.includes('\u0000'));

/**
 * What makes a parsed body unacceptable before any validation: nesting deeper than MAX_JSON_DEPTH, or a NUL
 * character, which PostgreSQL cannot store in text. Iterative, so any depth is safe to look at.
 */
export function unacceptable(value: unknown): AppError | null {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (typeof current === 'string' && current.includes('\u0000')) return Errors.nulInBody();
    if (current === null || typeof current !== 'object') continue;
    if (depth + 1 > MAX_JSON_DEPTH) return Errors.bodyTooDeep(MAX_JSON_DEPTH);
    for (const [key, child] of Object.entries(current)) {
      if (key.includes('\u0000')) return Errors.nulInBody();
      pending.push([child, depth + 1]);
    }
  }
  return null;
}

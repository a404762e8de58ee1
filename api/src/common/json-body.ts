import express, { type RequestHandler } from 'express';
import { Errors } from './app-error';
import { toErrorBody } from './error-body';

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
      if (!err) return next();
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

import type { ServeStaticModuleOptions } from '@nestjs/serve-static';
import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';

/**
 * The built SPA on the API's origin. Vite's hashed files under /assets never change, so browsers may keep
 * them for a year; everything else (index.html first) is revalidated so a new release shows at once.
 * Unknown paths outside /api get index.html and the SPA's router decides (its not-found page included).
 */
export function spaStaticOptions(rootPath: string): ServeStaticModuleOptions {
  return {
    rootPath,
    exclude: ['/api/{*path}', '/idp/{*path}'],
    serveStaticOptions: {
      index: 'index.html',
      setHeaders: (res: Response, filePath: string) => {
        res.setHeader('Cache-Control', filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    },
  };
}

/** The API's own routes and the identity provider's: their responses are not compressed here. */
const NOT_THE_SPA = /^\/(api|idp)(\/|$)/;

/**
 * The SPA's files go out gzip-compressed (about a third of their size: the signed-in pages' scripts are 307 KB
 * raw, 98 KB gzip), as the compose stack's nginx sends them. API and identity responses are left alone: they
 * carry tokens and secrets beside what a caller sends (the reason BREACH-style guessing needs), the live status
 * is a stream that must not wait in a compressor, and recordings are compressed already. In the compose stack
 * nginx compresses the API's JSON itself.
 */
export function spaCompression(): RequestHandler {
  const compress = compression();
  // API requests never pass through the compressor at all (it wraps the response's write and end even when it
  // then leaves a response alone): uploads and the live stream keep Node's own response untouched.
  return (req: Request, res: Response, next) => (NOT_THE_SPA.test(req.path) ? next() : compress(req, res, next));
}

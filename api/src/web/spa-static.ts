import type { ServeStaticModuleOptions } from '@nestjs/serve-static';
import type { Response } from 'express';

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

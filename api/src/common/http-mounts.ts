import { Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

/** An Express handler served outside Nest's router, e.g. the embedded provider's /idp or tus at /api/uploads. */
export interface HttpMount {
  path: string;
  handler: (req: Request, res: Response, next: NextFunction) => void;
}

/**
 * The handlers modules serve outside Nest's router. A module adds its own while it is constructed; the HTTP
 * application mounts them all after the method check (create-app.ts). The worker has no HTTP and ignores them.
 */
@Injectable()
export class HttpMounts {
  private readonly mounts: HttpMount[] = [];

  add(...mounts: HttpMount[]): void {
    this.mounts.push(...mounts);
  }

  all(): readonly HttpMount[] {
    return this.mounts;
  }
}

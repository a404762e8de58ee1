import { pipeline } from 'node:stream/promises';
import { Controller, Get, Head, HttpStatus, Inject, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import parseRange from 'range-parser';
import { AppError } from '../common';
import { FilesystemObjectStorage } from './filesystem-object-storage';
import { OBJECT_STORAGE, type ObjectStorage } from './object-storage';

const expired = () => new AppError('MEDIA_LINK_INVALID', HttpStatus.FORBIDDEN, 'This media link is invalid or has expired.');

/**
 * Serves the signed URLs of the filesystem storage, with HTTP Range so a video can seek. The signature is
 * the authorization: the URL was handed to the session's owner and expires on its own.
 */
@ApiExcludeController()
@Controller('media')
export class MediaController {
  constructor(@Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage) {}

  @Head(':token')
  head(@Param('token') token: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    return this.serve(token, request, response);
  }

  @Get(':token')
  async serve(@Param('token') token: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    if (!(this.storage instanceof FilesystemObjectStorage)) throw expired();
    const grant = this.storage.verify(token);
    if (!grant) throw expired();
    const stat = await this.storage.stat(grant.key);
    if (!stat) throw new AppError('MEDIA_NOT_FOUND', HttpStatus.NOT_FOUND, 'This recording no longer exists.');

    response.setHeader('Accept-Ranges', 'bytes');
    response.setHeader('Content-Type', grant.contentType);
    response.setHeader('Content-Disposition', 'inline');
    response.setHeader('Cache-Control', 'private, max-age=0, no-transform');
    let range: { start: number; end: number } | undefined;
    if (request.headers.range) {
      const ranges = parseRange(stat.size, request.headers.range, { combine: true });
      if (ranges === -1) {
        response.setHeader('Content-Range', `bytes */${stat.size}`);
        response.status(HttpStatus.REQUESTED_RANGE_NOT_SATISFIABLE).json({
          statusCode: HttpStatus.REQUESTED_RANGE_NOT_SATISFIABLE,
          message: 'The requested range is outside the recording.',
        });
        return;
      }
      // A malformed header (-2) or several ranges: answer with the whole file, as HTTP allows.
      if (ranges !== -2 && ranges.length === 1) range = ranges[0];
    }
    if (range) {
      response.status(HttpStatus.PARTIAL_CONTENT);
      response.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${stat.size}`);
      response.setHeader('Content-Length', String(range.end - range.start + 1));
    } else {
      response.status(HttpStatus.OK);
      response.setHeader('Content-Length', String(stat.size));
    }
    if (request.method === 'HEAD' || stat.size === 0) {
      response.end();
      return;
    }
    try {
      await pipeline(await this.storage.get(grant.key, range), response);
    } catch {
      // The player went away (seeking aborts the previous request): nothing left to answer.
      response.destroy();
    }
  }
}

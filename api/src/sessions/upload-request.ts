import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable, Transform, finished, type TransformCallback } from 'node:stream';
import type { ServerRequest } from 'srvx';
import { NodeRequest } from 'srvx/node';

/** How many bytes of a tus PATCH body travel together from the socket to the data store. */
export const UPLOAD_BATCH_BYTES = 1024 * 1024;

/** Joins the socket's pieces (64 KiB at most) into pieces of `UPLOAD_BATCH_BYTES`; the last may be shorter. */
class Batcher extends Transform {
  private parts: Buffer[] = [];
  private size = 0;

  constructor() {
    super({ readableHighWaterMark: UPLOAD_BATCH_BYTES, writableHighWaterMark: UPLOAD_BATCH_BYTES });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.parts.push(chunk);
    this.size += chunk.length;
    if (this.size >= UPLOAD_BATCH_BYTES) this.release();
    done();
  }

  override _flush(done: TransformCallback): void {
    if (this.size > 0) this.release();
    done();
  }

  private release(): void {
    this.push(Buffer.concat(this.parts, this.size));
    this.parts = [];
    this.size = 0;
  }
}

/**
 * The Web `Request` that `@tus/server` 2 reads, with a body in 1 MiB pieces. srvx hands tus the socket's
 * 64 KiB pieces, and each one then crosses a Web stream, a Node stream, tus's size limiter and the store's
 * own streams before it reaches the disk or S3: per piece, not per byte, that was most of the API's CPU
 * time during an upload (docs/decisions.md, "Performance and benchmarks"). Everything else is srvx's.
 */
export function uploadRequest(req: IncomingMessage, res: ServerResponse): ServerRequest {
  const request = new NodeRequest({ req, res });
  let body: ReadableStream<Uint8Array> | null | undefined;
  // Made on first read, as srvx makes its own: tus reads the body of a PATCH only once the upload is found.
  Object.defineProperty(request, 'body', {
    get: () => (body === undefined ? (body = batchedBody(req, request.method)) : body),
  });
  return request;
}

function batchedBody(req: IncomingMessage, method: string): ReadableStream<Uint8Array> | null {
  if (method === 'GET' || method === 'HEAD') return null;
  const batcher = new Batcher();
  // A request the client abandons ends the body with an error, as srvx's own body would.
  finished(req, (error) => {
    if (error) batcher.destroy(error);
  });
  req.pipe(batcher);
  return Readable.toWeb(batcher) as ReadableStream<Uint8Array>;
}

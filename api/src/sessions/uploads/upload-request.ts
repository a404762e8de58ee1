import type { IncomingMessage, ServerResponse } from 'node:http';
import { finished } from 'node:stream';
import type { ServerRequest } from 'srvx';
import { NodeRequest } from 'srvx/node';

/**
 * How many bytes of a tus PATCH body travel together from the socket to the data store. Large enough that the
 * per-piece cost of tus's streams stays small; small enough that a piece is still in the CPU's caches when the
 * store's write copies it into the page cache (1 MiB pieces doubled the kernel's time per GiB written).
 */
export const UPLOAD_BATCH_BYTES = 256 * 1024;

/**
 * How many bytes of upload bodies (all uploads together) pass between two young-generation collections the API
 * asks V8 for. Every 64 KiB the socket delivers becomes a new buffer (Node's HTTP parser copies it), and so does
 * every joined piece; V8 collects them only once 32 MiB have piled up, a constant of its own, and that pile was
 * most of what a 1 GiB upload added to the API's memory. A collection of a young generation holding little but
 * dead buffers takes a fraction of a millisecond (docs/decisions.md, "Uploads against tusd").
 */
export const UPLOAD_COLLECT_BYTES = 2 * 1024 * 1024;

/** V8's collector, where the process runs with `--expose-gc` (npm start and the image do; tests need not). */
const collector = (globalThis as { gc?: (options: { type: 'minor' }) => void }).gc;
let sinceCollection = 0;

/**
 * The Web `Request` that `@tus/server` 2 reads, with a body in 256 KiB pieces. srvx hands tus the socket's
 * 64 KiB pieces, and each one then crosses a Web stream, a Node stream, tus's size limiter and the store's
 * own streams before it reaches the disk or S3: per piece, not per byte, that was most of the API's CPU
 * time during an upload (docs/decisions.md, "Uploads against tusd"). Everything else is srvx's.
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

/**
 * The request's bytes as a Web stream of `UPLOAD_BATCH_BYTES` pieces (the last may be shorter), one piece
 * queued at most. Built here rather than with `Readable.toWeb`, which copies every chunk it passes on: a
 * second copy of the whole recording, and as much again in garbage for the collector.
 */
function batchedBody(req: IncomingMessage, method: string): ReadableStream<Uint8Array> | null {
  if (method === 'GET' || method === 'HEAD') return null;
  let parts: Buffer[] = [];
  let size = 0;
  let open = true;
  const take = () => {
    const piece = Buffer.concat(parts, size);
    parts = [];
    size = 0;
    sinceCollection += piece.length;
    if (collector && sinceCollection >= UPLOAD_COLLECT_BYTES) {
      sinceCollection -= UPLOAD_COLLECT_BYTES;
      collector({ type: 'minor' });
    }
    return piece;
  };
  let onData: (chunk: Buffer) => void;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      onData = (chunk) => {
        parts.push(chunk);
        size += chunk.length;
        if (size < UPLOAD_BATCH_BYTES) return;
        controller.enqueue(take());
        if ((controller.desiredSize ?? 0) <= 0) req.pause();
      };
      req.on('data', onData);
      // The whole body, or an error when the client abandons the request halfway, as srvx's own body ends.
      finished(req, (error) => {
        if (!open) return;
        open = false;
        if (error) return controller.error(error);
        if (size > 0) controller.enqueue(take());
        controller.close();
      });
    },
    pull() {
      req.resume();
    },
    cancel() {
      // tus stopped reading (the upload grew past its length, or the store failed): Node's server discards the
      // rest of the body, or closes the connection, once the answer is sent.
      open = false;
      req.off('data', onData);
    },
  });
}

import { randomBytes } from 'node:crypto';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UPLOAD_BATCH_BYTES, UPLOAD_COLLECT_BYTES, uploadRequest } from './upload-request';

type Received = { pieces: number[]; bytes: Buffer } | { error: unknown } | { body: null };

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A real HTTP server whose handler reads the request body through `uploadRequest`, as tus does. */
async function serve(readAs = uploadRequest): Promise<{ port: number; received: Promise<Received> }> {
  let settle!: (value: Received) => void;
  const received = new Promise<Received>((resolve) => (settle = resolve));
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const body = readAs(req, res).body;
    if (!body) {
      settle({ body: null });
      res.end();
      return;
    }
    void (async () => {
      const pieces: Buffer[] = [];
      try {
        for await (const piece of body) pieces.push(Buffer.from(piece));
        settle({ pieces: pieces.map((p) => p.length), bytes: Buffer.concat(pieces) });
      } catch (error) {
        settle({ error });
      }
      res.end();
    })();
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, received };
}

describe('uploadRequest', () => {
  it('hands over every byte of a PATCH body, in pieces of at least UPLOAD_BATCH_BYTES but the last', async () => {
    const { port, received } = await serve();
    const sent = randomBytes(3 * UPLOAD_BATCH_BYTES + 12_345);
    const client = request({ port, host: '127.0.0.1', method: 'PATCH', headers: { 'content-length': sent.length } });
    client.on('response', (res) => res.resume());
    // Small writes, so the server's socket delivers many small pieces.
    for (let offset = 0; offset < sent.length; offset += 16 * 1024) client.write(sent.subarray(offset, offset + 16 * 1024));
    client.end();

    const result = await received;
    expect('bytes' in result && result.bytes.equals(sent)).toBe(true);
    const pieces = (result as { pieces: number[] }).pieces;
    expect(pieces.length).toBeGreaterThanOrEqual(3);
    expect(pieces.length).toBeLessThanOrEqual(4);
    for (const size of pieces.slice(0, -1)) expect(size).toBeGreaterThanOrEqual(UPLOAD_BATCH_BYTES);
  });

  it('ends the body with an error when the client abandons the request halfway', async () => {
    const { port, received } = await serve();
    const client = request({ port, host: '127.0.0.1', method: 'PATCH', headers: { 'content-length': 4 * UPLOAD_BATCH_BYTES } });
    client.on('error', () => undefined);
    client.write(randomBytes(UPLOAD_BATCH_BYTES + 1000), () => setTimeout(() => client.destroy(), 50));

    const result = await received;
    expect('error' in result).toBe(true);
  });

  it('reads the socket no further ahead of a slow reader than about one piece', async () => {
    const sent = randomBytes(32 * UPLOAD_BATCH_BYTES);
    let readAhead = -1;
    server = createServer((req, res) => {
      const reader = uploadRequest(req, res).body!.getReader();
      void (async () => {
        // The reader waits before its first read, as tus waits for the store.
        await new Promise((r) => setTimeout(r, 400));
        readAhead = req.socket.bytesRead;
        const pieces: Uint8Array[] = [];
        for (let next = await reader.read(); !next.done; next = await reader.read()) pieces.push(next.value);
        res.end(String(Buffer.concat(pieces).equals(sent)));
      })();
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const answer = await new Promise<string>((resolve, reject) => {
      const client = request({ port, host: '127.0.0.1', method: 'PATCH', headers: { 'content-length': sent.length } }, (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk)).on('end', () => resolve(text));
      });
      client.on('error', reject);
      client.end(sent);
    });
    expect(answer).toBe('true');
    // What the kernel's socket buffers hold is not read yet; a stream without back-pressure would have read it all.
    expect(readAhead).toBeGreaterThan(0);
    expect(readAhead).toBeLessThan(4 * UPLOAD_BATCH_BYTES);
  });

  it('asks V8 for a young-generation collection every UPLOAD_COLLECT_BYTES of body, where the process exposes gc', async () => {
    const collect = vi.fn();
    vi.stubGlobal('gc', collect);
    vi.resetModules();
    const { uploadRequest: withCollector } = await import('./upload-request.js');
    vi.unstubAllGlobals();
    const { port, received } = await serve(withCollector);
    const sent = randomBytes(3 * UPLOAD_COLLECT_BYTES + 1000);
    const client = request({ port, host: '127.0.0.1', method: 'PATCH', headers: { 'content-length': sent.length } });
    client.on('response', (res) => res.resume());
    client.end(sent);

    const result = await received;
    expect('bytes' in result && result.bytes.equals(sent)).toBe(true);
    expect(collect).toHaveBeenCalledTimes(3);
    for (const call of collect.mock.calls) expect(call).toEqual([{ type: 'minor' }]);
  });

  it('has no body for HEAD, where tus reads only headers', async () => {
    const { port, received } = await serve();
    await new Promise<void>((resolve) => request({ port, host: '127.0.0.1', method: 'HEAD' }, () => resolve()).end());
    expect(await received).toEqual({ body: null });
  });
});

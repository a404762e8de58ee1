import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ChatServerMode = 'stream' | 'fail' | 'hang' | 'stall';

export interface ChatRequest {
  authorization: string | undefined;
  body: { model: string; stream: boolean; messages: { role: string; content: string }[] };
}

/**
 * A small OpenAI-compatible chat service on loopback (`POST /v1/chat/completions`, streamed as server-sent
 * events like Ollama or llama.cpp's server). It answers with `reply` in pieces and records every request.
 * `fail`: 500; `hang`: never answers; `stall`: sends the first piece, then nothing more.
 */
export async function startChatCompletionsServer(reply: string[]) {
  const requests: ChatRequest[] = [];
  let mode: ChatServerMode = 'stream';
  const open = new Set<import('node:http').ServerResponse>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return res.writeHead(404).end();
        requests.push({ authorization: req.headers.authorization, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        if (mode === 'fail') return res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"model not loaded"}}');
        open.add(res);
        res.on('close', () => open.delete(res));
        if (mode === 'hang') return;
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        const send = (content: string) =>
          res.write(`data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content } }] })}\n\n`);
        for (const [i, piece] of reply.entries()) {
          if (res.destroyed) return;
          send(piece);
          if (mode === 'stall' && i === 0) return;
          await new Promise((r) => setTimeout(r, 50));
        }
        res.end('data: [DONE]\n\n');
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setMode: (next: ChatServerMode) => (mode = next),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const res of open) res.destroy();
        server.close(() => resolve());
      }),
  };
}

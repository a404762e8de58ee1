import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const MODEL = '/usr/share/pocketsphinx/model/en-us';

export interface TranscriptionRequest {
  model: string;
  language: string;
  responseFormat: string;
  /** The request's `prompt`, null without one. */
  prompt: string | null;
  /** What `soxi` says of the uploaded file. */
  sampleRate: number;
  channels: number;
  text: string;
}

/**
 * A speech-to-text service with the OpenAI-compatible `POST /v1/audio/transcriptions`, as a club would host
 * one, backed by a real recogniser (pocketsphinx_continuous). It records what it was sent and answered.
 * `failWith` makes it answer every request with that status instead.
 */
export async function startTranscriptionServer(apiKey: string): Promise<{
  url: string;
  requests: TranscriptionRequest[];
  failWith: (status: number | null) => void;
  stop: () => Promise<void>;
}> {
  const work = await mkdtemp(path.join(tmpdir(), 'touchline-stt-'));
  const requests: TranscriptionRequest[] = [];
  let failure: number | null = null;
  let counter = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const answer = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        if (req.method !== 'POST' || req.url !== '/v1/audio/transcriptions') return answer(404, { error: { message: 'not found' } });
        if (req.headers.authorization !== `Bearer ${apiKey}`) return answer(401, { error: { message: 'invalid api key' } });
        if (failure) return answer(failure, { error: { message: 'the model is not loaded' } });
        const form = await new Request('http://local', {
          method: 'POST',
          headers: { 'content-type': req.headers['content-type'] ?? '' },
          body: Buffer.concat(chunks),
        }).formData();
        const file = form.get('file');
        if (!(file instanceof Blob)) return answer(400, { error: { message: 'file is required' } });
        const wav = path.join(work, `r${(counter += 1)}.wav`);
        await writeFile(wav, Buffer.from(await file.arrayBuffer()));
        const info = async (flag: string) => Number((await run('soxi', [flag, wav])).stdout.trim());
        // prettier-ignore
        const { stdout } = await run('pocketsphinx_continuous', ['-infile', wav, '-logfn', '/dev/null', '-hmm', `${MODEL}/en-us`, '-lm', `${MODEL}/en-us.lm.bin`, '-dict', `${MODEL}/cmudict-en-us.dict`]);
        const text = stdout
          .split('\n')
          .map((l) => l.trim())
          .filter(Boolean)
          .join(' ');
        requests.push({
          model: String(form.get('model')),
          language: String(form.get('language')),
          responseFormat: String(form.get('response_format')),
          prompt: form.has('prompt') ? String(form.get('prompt')) : null,
          sampleRate: await info('-r'),
          channels: await info('-c'),
          text,
        });
        answer(200, { text: ` ${text}` });
      })().catch((error: unknown) => res.writeHead(500).end(String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    failWith: (status) => (failure = status),
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(work, { recursive: true, force: true });
    },
  };
}

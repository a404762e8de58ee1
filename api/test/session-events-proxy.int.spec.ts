import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from './support/event-stream';
import { freePort } from './support/mail-catcher';
import { startTestApi, type TestApi } from './support/test-api';
import { bearer, registerCoach } from './support/tokens';
import { renderNginxConfig } from '@touchline/tooling';

let api: TestApi;
let nginx: ChildProcess;
let dir: string;
let entry: string;

/** The stack's nginx template (infra/web/nginx.conf.template) in front of the API, as the production stack runs it. */
beforeAll(async () => {
  api = await startTestApi();
  dir = await mkdtemp(path.join(tmpdir(), 'touchline-nginx-'));
  await chmod(dir, 0o777);
  const port = await freePort();
  const config = path.join(dir, 'nginx.conf');
  const apiPort = new URL(api.url).port;
  await writeFile(
    config,
    renderNginxConfig({
      listen: `127.0.0.1:${port}`,
      webRoot: dir,
      apiUpstream: `127.0.0.1:${apiPort}`,
      keycloakUpstream: '127.0.0.1:1',
      s3Upstream: '127.0.0.1:1',
      bucket: 'b',
      tempDir: dir,
    }),
  );
  nginx = spawn('/usr/sbin/nginx', ['-c', config, '-p', dir], { stdio: ['ignore', 'inherit', 'inherit'] });
  entry = `http://127.0.0.1:${port}`;
  for (
    let tries = 0;
    !(await fetch(`${entry}/healthz`).then(
      (r) => r.ok,
      () => false,
    ));
    tries++
  ) {
    if (tries > 100) throw new Error('nginx did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 120_000);

afterAll(async () => {
  if (nginx?.exitCode === null) {
    nginx.kill('SIGQUIT');
    await once(nginx, 'exit');
  }
  await api?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('the live status stream through the stack nginx', { timeout: 60_000 }, () => {
  it('passes each event on as it happens, not when a buffer fills', async () => {
    const { token } = await registerCoach(api, 'Proxied');
    const stream = await openEventStream(entry, token);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream');
    const created = await fetch(`${entry}/api/sessions`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Proxied', mediaType: 'audio', fileName: 'p.wav', sizeBytes: 1000 }),
    });
    const { session } = (await created.json()) as { session: { id: string } };
    const sent = Date.now();
    // One small event, far below any proxy buffer (4–8 KB): it arrives only if nothing holds it back.
    await stream.waitFor((e) => e.sessionId === session.id, 3_000);
    expect(Date.now() - sent).toBeLessThan(3_000);
    stream.close();
  });
});

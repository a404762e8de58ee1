import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { Page } from '@playwright/test';
import { writeMediaFile, type MediaKind } from '@touchline/tooling';

/** Writes a generated recording (a real WAV or MP4 header, then noise) and returns its path. */
export async function recording(name: string, kind: MediaKind, size: number): Promise<string> {
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'touchline-media-')), name);
  await writeMediaFile(file, kind, size);
  return file;
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Limits the page's upload speed (Chromium's network emulation), so that a test can act mid-upload. */
export async function throttleUploads(page: Page, bytesPerSecond: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: bytesPerSecond });
}

/** The Bearer token the SPA sends to the API, read off its next API request. */
export function captureBearer(page: Page): () => string | null {
  let token: string | null = null;
  page.on('request', (request) => {
    const header = request.headers().authorization;
    if (header?.startsWith('Bearer ') && new URL(request.url()).pathname.startsWith('/api/')) token = header.slice(7);
  });
  return () => token;
}

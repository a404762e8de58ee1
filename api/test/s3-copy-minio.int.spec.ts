import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { Readable } from 'node:stream';
import { startMinio, type S3Server } from '@touchline/tooling';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3Settings } from '../src/config/app-config';
import { S3ObjectStorage } from '../src/storage/s3-object-storage';
import { freePort } from './support/mail-catcher';

const MiB = 1024 * 1024;
// Over minio's own split size (about 550 MB), where its composeObject kept only the last piece.
const LARGE = 612 * MiB + 12_345;

/** Every MiB of the object names its own index, so a piece copied to the wrong place shows. */
function block(index: number, length = MiB): Buffer {
  const data = Buffer.alloc(length);
  for (let at = 0; at + 4 <= length; at += 4) data.writeUInt32LE(index, at);
  return data;
}

function recording(size: number): Readable {
  let index = 0;
  return Readable.from(
    (function* () {
      for (let sent = 0; sent < size; sent += MiB, index += 1) yield block(index, Math.min(MiB, size - sent));
    })(),
  );
}

describe('S3 object storage on MinIO', () => {
  let dir: string;
  let server: S3Server;
  let storage: S3ObjectStorage;
  let settings: S3Settings;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'touchline-s3-copy-'));
    const keys = { accessKey: 'touchline-test', secretKey: randomBytes(18).toString('hex') };
    server = await startMinio({ dataDir: dir, port: await freePort(), consolePort: await freePort(), ...keys });
    settings = { endpoint: server.endpoint, publicEndpoint: server.endpoint, region: 'us-east-1', bucket: 'copies', ...keys };
    storage = new S3ObjectStorage(settings);
    await storage.ensureBucket();
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  /** The MiB blocks of `key` that do not hold their own index, after checking its size. */
  async function misplacedBlocks(store: S3ObjectStorage, key: string, size: number): Promise<number[]> {
    expect(await store.stat(key)).toEqual({ size });
    let offset = 0;
    const misplaced: number[] = [];
    let pending = Buffer.alloc(0);
    for await (const chunk of await store.get(key)) {
      pending = Buffer.concat([pending, chunk as Buffer]);
      while (pending.length >= MiB || (pending.length > 0 && offset + pending.length === size)) {
        const length = Math.min(MiB, pending.length);
        if (!pending.subarray(0, length).equals(block(offset / MiB, length))) misplaced.push(offset / MiB);
        pending = pending.subarray(length);
        offset += length;
      }
    }
    expect(offset).toBe(size);
    return misplaced;
  }

  it('copies a recording of over 550 MB byte for byte', async () => {
    await storage.put('uploads/large', recording(LARGE));
    await storage.copy('uploads/large', 'sessions/large/recording');
    expect(await misplacedBlocks(storage, 'sessions/large/recording', LARGE)).toEqual([]);
  }, 600_000);

  it('copies an object larger than one copy request in numbered parts, byte for byte', async () => {
    // The same code path as a recording over 5 GiB, with parts of 16 MiB.
    const small = new S3ObjectStorage(settings, 16 * MiB);
    const size = 40 * MiB + 7;
    await small.put('uploads/parts', recording(size));
    await small.copy('uploads/parts', 'sessions/parts/recording');
    expect(await misplacedBlocks(small, 'sessions/parts/recording', size)).toEqual([]);
  }, 300_000);
});

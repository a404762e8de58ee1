import { createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, link, mkdir, rename, rm, stat } from 'node:fs/promises';
import * as path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type ByteRange, type DownloadUrlOptions, type ObjectStorage, ObjectNotFoundError } from './object-storage';

const KEY_PATTERN = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;

/** What a signed media URL carries; the API serves it from `/api/media`. */
export interface MediaGrant {
  key: string;
  contentType: string;
  expires: number;
}

/**
 * Objects as files under one folder of the data directory. Writes go to a temporary file in the same
 * folder and are renamed into place, so a crash never leaves half an object under its key.
 */
export class FilesystemObjectStorage implements ObjectStorage {
  constructor(
    readonly root: string,
    private readonly publicUrl: string,
    private readonly signingKey: Buffer,
  ) {}

  resolve(key: string): string {
    if (!KEY_PATTERN.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
      throw new Error(`Invalid object key: ${key}`);
    }
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Readable, _size: number): Promise<void> {
    const file = this.resolve(key);
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
    try {
      await pipeline(body, createWriteStream(temporary, { flags: 'wx', mode: 0o600 }));
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.resolve(key);
    if (!(await this.stat(key))) throw new ObjectNotFoundError(key);
    return createReadStream(file, range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const info = await stat(this.resolve(key));
      return info.isFile() ? { size: info.size } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.resolve(key), { force: true });
  }

  /** Gives an object a second key: a hard link when the two share a file system (instant, no second copy of the bytes), else a copy. */
  async link(from: string, to: string): Promise<void> {
    const source = this.resolve(from);
    const target = this.resolve(to);
    await mkdir(path.dirname(target), { recursive: true });
    await rm(target, { force: true });
    try {
      await link(source, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') throw new ObjectNotFoundError(from);
      if (code !== 'EXDEV' && code !== 'EPERM') throw error;
      const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
      await copyFile(source, temporary);
      await rename(temporary, target);
    }
  }

  async downloadUrl(key: string, { ttlSeconds, contentType }: DownloadUrlOptions): Promise<string> {
    const grant: MediaGrant = { key, contentType, expires: Math.floor(Date.now() / 1000) + ttlSeconds };
    const payload = Buffer.from(JSON.stringify(grant)).toString('base64url');
    return `${this.publicUrl}/api/media/${payload}.${this.sign(payload)}`;
  }

  async toolSource(key: string): Promise<string> {
    if (!(await this.stat(key))) throw new ObjectNotFoundError(key);
    return this.resolve(key);
  }

  /** The grant behind a URL from `downloadUrl`, or null when the URL was not signed here or has expired. */
  verify(token: string, now = Date.now()): MediaGrant | null {
    const [payload, signature, ...rest] = token.split('.');
    if (!payload || !signature || rest.length > 0) return null;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    const grant = JSON.parse(Buffer.from(payload, 'base64url').toString()) as MediaGrant;
    return grant.expires * 1000 > now ? grant : null;
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.signingKey).update(payload).digest('base64url');
  }
}

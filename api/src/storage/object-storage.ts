import type { Readable } from 'node:stream';
import type { DataStore } from '@tus/server';

/** An inclusive byte range, as in an HTTP `Range` header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface DownloadUrlOptions {
  ttlSeconds: number;
  contentType: string;
}

/**
 * Where recordings live. Keys are `/`-separated paths such as `sessions/<id>/media`; the adapters map them
 * onto files under the data directory or objects in an S3 bucket.
 */
export interface ObjectStorage {
  /** Stores `size` bytes read from `body` under `key`, replacing what was there (S3 takes an object of known length). */
  put(key: string, body: Readable, size: number): Promise<void>;
  /** The object's bytes, or only `range` of them. Rejects with `ObjectNotFoundError` when there is none. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** The object's size, or null when there is no such object. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** A URL a browser can fetch the object from for `ttlSeconds`, with HTTP Range support. */
  downloadUrl(key: string, options: DownloadUrlOptions): Promise<string>;
  /**
   * Where a tool on this server (ffmpeg) can read the object with seeking: a file path, or a URL that serves
   * Range requests and stays valid for `ttlSeconds`.
   */
  toolSource(key: string, ttlSeconds: number): Promise<string>;
}

export class ObjectNotFoundError extends Error {
  override readonly name = 'ObjectNotFoundError';
  constructor(readonly key: string) {
    super(`No object stored under ${key}`);
  }
}

/**
 * The tus data store that matches the object storage, and how its finished uploads appear there: an
 * upload's bytes are readable through `ObjectStorage` under `stagingKey(id)` once it is complete.
 */
export interface UploadStore {
  readonly datastore: DataStore;
  stagingKey(uploadId: string): string;
  /**
   * Makes a finished, checked upload the session's recording and answers the key it is stored under:
   * `recordingKey` when the store can give the bytes a second name without rewriting them (a hard link
   * on the filesystem), else the upload's own key (S3, where a copy would rewrite every byte).
   */
  keep(uploadId: string, recordingKey: string): Promise<string>;
  /** After `keep`: removes tus's bookkeeping of the upload, and its staging copy where it has one. */
  release(uploadId: string): Promise<void>;
  /** A finished upload that did not become a recording: removes its bytes and tus's bookkeeping. */
  discard(uploadId: string): Promise<void>;
}

export const OBJECT_STORAGE = Symbol('OBJECT_STORAGE');
export const UPLOAD_STORE = Symbol('UPLOAD_STORE');

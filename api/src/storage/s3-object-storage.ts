import type { Readable } from 'node:stream';
import { Client, S3Error } from 'minio';
import type { S3Settings } from '../config/app-config';
import type { ByteRange, DownloadUrlOptions, ObjectStorage } from './object-storage';
import { ObjectNotFoundError } from './object-storage';

const NOT_FOUND = new Set(['NoSuchKey', 'NotFound', 'NoSuchObject']);

function clientFor(endpoint: string, s3: S3Settings): Client {
  const url = new URL(endpoint);
  return new Client({
    endPoint: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    useSSL: url.protocol === 'https:',
    accessKey: s3.accessKey,
    secretKey: s3.secretKey,
    // A fixed region avoids a bucket-location lookup, and presigning needs no round trip at all.
    region: s3.region,
    pathStyle: true,
  });
}

/** Objects in one bucket of any S3-compatible server, through the `minio` client. */
export class S3ObjectStorage implements ObjectStorage {
  private readonly client: Client;
  /** Signs URLs for the address browsers use, which may differ from the API's own route to the store. */
  private readonly publicClient: Client;
  private readonly bucket: string;

  constructor(private readonly s3: S3Settings) {
    this.client = clientFor(s3.endpoint, s3);
    this.publicClient = clientFor(s3.publicEndpoint, s3);
    this.bucket = s3.bucket;
  }

  /** Creates the bucket when it is missing (a deployment may also create it and grant no more than object access). */
  async ensureBucket(): Promise<void> {
    if (!(await this.client.bucketExists(this.bucket))) await this.client.makeBucket(this.bucket, this.s3.region);
  }

  async put(key: string, body: Readable): Promise<void> {
    await this.client.putObject(this.bucket, key, body);
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    try {
      return range
        ? await this.client.getPartialObject(this.bucket, key, range.start, range.end - range.start + 1)
        : await this.client.getObject(this.bucket, key);
    } catch (error) {
      throw isNotFound(error) ? new ObjectNotFoundError(key) : error;
    }
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const info = await this.client.statObject(this.bucket, key);
      return { size: info.size };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.removeObject(this.bucket, key);
  }

  /** A presigned URL on the API's own route to the store (S3_ENDPOINT), not the browsers' one. */
  async toolSource(key: string, ttlSeconds: number): Promise<string> {
    if (!(await this.stat(key))) throw new ObjectNotFoundError(key);
    return this.client.presignedGetObject(this.bucket, key, ttlSeconds);
  }

  async downloadUrl(key: string, { ttlSeconds, contentType }: DownloadUrlOptions): Promise<string> {
    return this.publicClient.presignedGetObject(this.bucket, key, ttlSeconds, {
      'response-content-type': contentType,
      'response-content-disposition': 'inline',
    });
  }
}

function isNotFound(error: unknown): boolean {
  return error instanceof S3Error && NOT_FOUND.has(String(error.code));
}

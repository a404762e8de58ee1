import type { Readable } from 'node:stream';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Settings } from '../config';
import { type ByteRange, type DownloadUrlOptions, type ObjectStorage, ObjectNotFoundError } from './object-storage';

/** How the API's S3 clients reach the store at `endpoint`: this one, and the one inside tus's S3 store. */
export function s3ClientConfig(s3: S3Settings, endpoint = s3.endpoint): S3ClientConfig {
  return {
    endpoint,
    // A fixed region avoids a bucket-location lookup, and presigning needs no round trip at all.
    region: s3.region,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKey, secretAccessKey: s3.secretKey },
    // Checksums only where S3 requires them: not every S3-compatible server accepts the newer defaults, and a
    // presigned URL must not ask the browser for one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

/**
 * Objects in one bucket of any S3-compatible server, through the AWS SDK: the client tus's S3 store is built on,
 * so the API loads one S3 library, not two.
 */
export class S3ObjectStorage implements ObjectStorage {
  private readonly client: S3Client;
  /** Signs URLs for the address browsers use, which may differ from the API's own route to the store. */
  private readonly publicClient: S3Client;
  private readonly bucket: string;

  constructor(private readonly s3: S3Settings) {
    this.client = new S3Client(s3ClientConfig(s3));
    this.publicClient = s3.publicEndpoint === s3.endpoint ? this.client : new S3Client(s3ClientConfig(s3, s3.publicEndpoint));
    this.bucket = s3.bucket;
  }

  /** Creates the bucket when it is missing (a deployment may also create it and grant no more than object access). */
  async ensureBucket(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      if (!isNotFound(error)) throw error;
      await this.client.send(
        new CreateBucketCommand({
          Bucket: this.bucket,
          // us-east-1 is S3's default location, and naming it is an error there.
          ...(this.s3.region === 'us-east-1' ? {} : { CreateBucketConfiguration: { LocationConstraint: this.s3.region as never } }),
        }),
      );
    }
  }

  async put(key: string, body: Readable, size: number): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentLength: size }));
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
      return answer.Body as Readable;
    } catch (error) {
      throw isNotFound(error) ? new ObjectNotFoundError(key) : error;
    }
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const info = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: info.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** A presigned URL on the API's own route to the store (S3_ENDPOINT), not the browsers' one. */
  async toolSource(key: string, ttlSeconds: number): Promise<string> {
    if (!(await this.stat(key))) throw new ObjectNotFoundError(key);
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.bucket, Key: key }), { expiresIn: ttlSeconds });
  }

  async downloadUrl(key: string, { ttlSeconds, contentType }: DownloadUrlOptions): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentType: contentType,
      ResponseContentDisposition: 'inline',
    });
    return getSignedUrl(this.publicClient, command, { expiresIn: ttlSeconds });
  }
}

/** A missing object or bucket: HEAD answers a bare 404 (`NotFound`), GET names it (`NoSuchKey`, `NoSuchBucket`). */
function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey');
}

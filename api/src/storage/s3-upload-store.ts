import { S3Store, type MetadataValue } from '@tus/s3-store';
import { MemoryKvStore } from '@tus/server';
import type { S3Settings } from '../config';
import type { ObjectStorage, UploadStore } from './object-storage';
import { s3ClientConfig } from './s3-object-storage';

/**
 * tus's S3 data store, writing where `storage` reads: each upload becomes one object under its id, put together
 * by a multipart upload. Its own module, loaded only by the S3 driver (the AWS SDK is a large share of the
 * API's memory), and by the upload benchmark's library-alone contestant, which must run the same store.
 */
export function s3UploadStore(s3: S3Settings, expiryMs: number, storage: Pick<ObjectStorage, 'delete'>): UploadStore {
  const cache = new MemoryKvStore<MetadataValue>();
  const store = new S3Store({
    cache,
    // The server's own multipart expiry (listMultipartUploads) works on every S3 server; object tags do not.
    useTags: false,
    expirationPeriodInMilliseconds: expiryMs,
    s3ClientConfig: { bucket: s3.bucket, ...s3ClientConfig(s3) },
  });
  const forget = async (id: string) => {
    await storage.delete(`${id}.info`);
    await cache.delete(id);
  };
  return {
    datastore: store,
    // The finished object sits under the upload's id; its `.info` sidecar holds tus's bookkeeping. (The
    // store's own remove() expects an open multipart upload, which a finished one no longer has.)
    stagingKey: (id) => id,
    // S3 has no second name for an object: a copy rewrites every byte (about 2.5 s per GiB on MinIO, inside
    // the client's last request). The object tus completed is the recording (docs/decisions.md).
    keep: async (id) => id,
    release: forget,
    discard: async (id) => {
      await storage.delete(id);
      await forget(id);
    },
  };
}

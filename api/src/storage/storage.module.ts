import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import * as path from 'node:path';
import { DynamicModule, Module } from '@nestjs/common';
import { FileStore } from '@tus/file-store';
import type { MetadataValue } from '@tus/s3-store';
import { MemoryKvStore } from '@tus/server';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { loadOrCreateSecret } from '../database/secrets';
import { FilesystemObjectStorage } from './filesystem-object-storage';
import { MediaController } from './media.controller';
import { OBJECT_STORAGE, UPLOAD_STORE, type ObjectStorage, type UploadStore } from './object-storage';

const UPLOADS_FOLDER = 'uploads';

/**
 * The one place that branches on `STORAGE_DRIVER`: it builds the object storage and the tus data store
 * that writes where that storage can read. The S3 client libraries (minio, the AWS SDK under `@tus/s3-store`) are
 * loaded only for the S3 driver: they hold about 40 MiB of a process that would never use them.
 */
@Module({})
export class StorageModule {
  static register(config: AppConfig): DynamicModule {
    const filesystem = config.storage.driver === 'filesystem';
    return {
      module: StorageModule,
      global: true,
      controllers: filesystem ? [MediaController] : [],
      providers: [
        {
          provide: OBJECT_STORAGE,
          inject: [DataSource],
          useFactory: async (dataSource: DataSource): Promise<ObjectStorage> => {
            if (!filesystem) {
              const { S3ObjectStorage } = await import('./s3-object-storage.js');
              const storage = new S3ObjectStorage(config.storage.s3!);
              await storage.ensureBucket();
              return storage;
            }
            await mkdir(path.join(config.storage.directory, UPLOADS_FOLDER), { recursive: true, mode: 0o700 });
            const key = await loadOrCreateSecret(dataSource, 'media-url-key', async () => randomBytes(32).toString('base64'));
            return new FilesystemObjectStorage(config.storage.directory, config.publicUrl, Buffer.from(key, 'base64'));
          },
        },
        {
          provide: UPLOAD_STORE,
          inject: [OBJECT_STORAGE],
          useFactory: (storage: ObjectStorage): Promise<UploadStore> | UploadStore =>
            storage instanceof FilesystemObjectStorage ? fileUploadStore(config, storage) : s3UploadStore(config, storage),
        },
      ],
      exports: [OBJECT_STORAGE, UPLOAD_STORE],
    };
  }
}

function fileUploadStore(config: AppConfig, storage: FilesystemObjectStorage): UploadStore {
  const store = new FileStore({
    directory: path.join(config.storage.directory, UPLOADS_FOLDER),
    expirationPeriodInMilliseconds: config.uploads.expiryMs,
  });
  const stagingKey = (id: string) => `${UPLOADS_FOLDER}/${id}`;
  const remove = async (id: string) => {
    await rm(path.join(store.directory, id), { force: true });
    await rm(path.join(store.directory, `${id}.json`), { force: true });
  };
  return {
    datastore: store,
    stagingKey,
    // A hard link: the recording gets its own name at no cost, and the staging name goes with release().
    keep: async (id, recordingKey) => {
      await storage.link(stagingKey(id), recordingKey);
      return recordingKey;
    },
    release: remove,
    discard: remove,
  };
}

async function s3UploadStore(config: AppConfig, storage: ObjectStorage): Promise<UploadStore> {
  const { S3Store } = await import('@tus/s3-store');
  const s3 = config.storage.s3!;
  const cache = new MemoryKvStore<MetadataValue>();
  const store = new S3Store({
    cache,
    // The server's own multipart expiry (listMultipartUploads) works on every S3 server; object tags do not.
    useTags: false,
    expirationPeriodInMilliseconds: config.uploads.expiryMs,
    s3ClientConfig: {
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKey, secretAccessKey: s3.secretKey },
      // Checksums only where S3 requires them: not every S3-compatible server accepts the newer defaults.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    },
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

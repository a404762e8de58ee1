import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import * as path from 'node:path';
import { DynamicModule, Module } from '@nestjs/common';
import { FileStore } from '@tus/file-store';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config';
import { loadOrCreateSecret } from '../database';
import { FilesystemObjectStorage } from './filesystem-object-storage';
import { MediaController } from './media.controller';
import { OBJECT_STORAGE, UPLOAD_STORE, type ObjectStorage, type UploadStore } from './object-storage';

const UPLOADS_FOLDER = 'uploads';

/**
 * The one place that branches on `STORAGE_DRIVER`: it builds the object storage and the tus data store
 * that writes where that storage can read. The S3 client library (the AWS SDK, which `@tus/s3-store` is built on and
 * `S3ObjectStorage` uses too) is loaded only for the S3 driver: it holds tens of MiB of a process that would never
 * use it.
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
            storage instanceof FilesystemObjectStorage
              ? fileUploadStore(config, storage)
              : import('./s3-upload-store.js').then(({ s3UploadStore }) => s3UploadStore(config.storage.s3!, config.uploads.expiryMs, storage)),
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

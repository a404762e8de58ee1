// The storage module's face: what other modules may use of it (docs/project-structure.md). Everything else is private.
export { OBJECT_STORAGE, type ObjectStorage, UPLOAD_STORE, type UploadStore } from './object-storage';
export { StorageModule } from './storage.module';

/**
 * What the repository's tooling (the native stack, the benchmarks) may use of the API, as `@touchline/api/tooling`:
 * one entry point instead of paths into `api/dist/`, so the API can move its files without breaking them.
 */
export { analyseRecording } from './analysis/pipeline/analyse-recording';
export { talkMetrics } from './analysis/pipeline/talk-metrics';
export { createTranscriber } from './analysis/pipeline/transcription/create-transcriber';
export { assessSession, utterancesOf } from './analysis/rubric/coaching-report';
export { expectedError, isUncertain, loadRubric } from './analysis/rubric/rubric';
export { wordsOf } from './analysis/rubric/utterance-coding';
export { loadConfig } from './config/app-config';
export { createApp } from './create-app';
export { startEmbeddedPostgres } from './database/embedded-postgres';
export { createLogger } from './logger';
export { freePort } from './common/net';
export { uploadRequest } from './sessions/uploads/upload-request';
export { S3ObjectStorage } from './storage/s3-object-storage';
export { s3UploadStore } from './storage/s3-upload-store';

import { uploadContract } from './support/upload-contract';

uploadContract('minio');

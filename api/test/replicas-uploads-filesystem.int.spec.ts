import { replicaUploadContract } from './support/replica-upload-contract';

replicaUploadContract('filesystem');

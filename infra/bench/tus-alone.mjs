#!/usr/bin/env node
// bench:upload's third contestant: `@tus/server` behind `node:http`, reading the body as the API hands it over
// (the built API's `uploadRequest`), with the store the API builds for the same driver, and nothing else: no
// Nest, no Express, no token, no database. Between it and tusd lies what the library and Node cost; between it
// and the API, what the product adds, in time and in memory. Started by infra/bench/upload.mjs as
// `node tus-alone.mjs <port> <folder>` (FileStore) or `node tus-alone.mjs <port> s3` (S3Store, configured by the
// API's own S3_* variables).
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { root } from '../lib/setup.mjs';

const [port, where] = process.argv.slice(2);
const require = createRequire(path.join(root, 'api/package.json'));
const { Server } = require('@tus/server');
const { sendNodeResponse } = require('srvx/node');
const { loadConfig, s3UploadStore, uploadRequest } = require('@touchline/api/tooling');

function datastore() {
  if (where !== 's3') {
    const { FileStore } = require('@tus/file-store');
    return new FileStore({ directory: where });
  }
  const config = loadConfig();
  return s3UploadStore(config.storage.s3, config.uploads.expiryMs, { delete: async () => {} }).datastore;
}

const tus = new Server({ path: '/files', datastore: datastore(), relativeLocation: true, disableTerminationForFinishedUploads: true });
createServer((req, res) => {
  tus.handleWeb(uploadRequest(req, res)).then(
    (response) => sendNodeResponse(res, response),
    (error) => res.writeHead(500).end(String(error)),
  );
}).listen(Number(port), '127.0.0.1');

#!/usr/bin/env node
// bench:upload's third contestant on the filesystem store: `@tus/server` with `FileStore` behind `node:http`,
// reading the body as the API hands it over (the built API's `uploadRequest`), and nothing else: no Nest, no
// Express, no token, no database. Between it and tusd lies what the library and Node cost; between it and the
// API, what the product adds. Started by infra/bench/upload.mjs as `node tus-alone.mjs <port> <folder>`.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { root } from '../lib/setup.mjs';

const [port, directory] = process.argv.slice(2);
const require = createRequire(path.join(root, 'api/package.json'));
const { Server } = require('@tus/server');
const { FileStore } = require('@tus/file-store');
const { sendNodeResponse } = require('srvx/node');
const { uploadRequest } = require(path.join(root, 'api/dist/sessions/upload-request.js'));

const tus = new Server({ path: '/files', datastore: new FileStore({ directory }), relativeLocation: true, disableTerminationForFinishedUploads: true });
createServer((req, res) => {
  tus.handleWeb(uploadRequest(req, res)).then(
    (response) => sendNodeResponse(res, response),
    (error) => res.writeHead(500).end(String(error)),
  );
}).listen(Number(port), '127.0.0.1');

#!/usr/bin/env node
// npm run bench:upload — a 1 GiB recording uploaded over loopback with tus-js-client, through the product's
// API (tus at /api/uploads on the filesystem store) and, in the same run, through tusd, the reference tus
// server, on the same kind of store (files in a folder). Prints the MB/s of each, their ratio, and the
// API's resident memory before and at its peak during the upload: it must stay flat, not grow with the file.
import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { chmodSync, createReadStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { reportRows, rssBytes } from '../lib/bench-report.mjs';
import { ensureGoTool } from '../lib/go-tools.mjs';
import { ensureBuilt, ensureInstalled, root } from '../lib/setup.mjs';
import { writeMediaFile } from '../lib/test-media.mjs';

const SIZE = Number(process.env.BENCH_UPLOAD_BYTES ?? 1024 ** 3);
const PORT = Number(process.env.BENCH_PORT ?? 18_799);
const TUSD_PORT = Number(process.env.BENCH_TUSD_PORT ?? 18_796);
const MAIL = { MAILDEV_SMTP_PORT: process.env.BENCH_MAIL_SMTP_PORT ?? '18797', MAILDEV_WEB_PORT: process.env.BENCH_MAIL_WEB_PORT ?? '18798' };
// What the web app's chunks grow to: just under 32 MB.
const CHUNK = 32 * 1024 * 1024 - 1;
const MB = 1_000_000;

ensureInstalled();
ensureBuilt();
const require = createRequire(path.join(root, 'api/package.json'));
const tus = require('tus-js-client');
const { Client } = require('pg');
const { importJWK, SignJWT } = require('jose');

const work = mkdtempSync(path.join(tmpdir(), 'touchline-bench-upload-'));
// PostgreSQL runs as its own user when the benchmark runs as root; it must reach its folder inside.
chmodSync(work, 0o755);
const children = [];
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

async function waitFor(url, child, name) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    if (
      await fetch(url).then(
        (r) => r.status < 500,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A Bearer token for a registered coach, signed with the embedded provider's key as it would sign one. */
async function coachToken(dataDir, baseUrl) {
  const { password } = JSON.parse(readFileSync(path.join(dataDir, 'postgres-secrets.json'), 'utf8'));
  const pgPort = readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3];
  const db = new Client({ connectionString: `postgres://touchline:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/touchline` });
  await db.connect();
  const { rows } = await db.query(`SELECT value FROM identity_secrets WHERE name = 'jwks'`);
  await db.end();
  const jwk = rows[0].value.keys[0];
  const sub = `bench-${randomUUID()}`;
  const token = await new SignJWT({ email: `${sub}@club.example`, email_verified: true })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
    .setSubject(sub)
    .setIssuer(`${baseUrl}/idp`)
    .setAudience('touchline-api')
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(await importJWK(jwk, 'RS256'));
  const res = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ identityId: sub, username: 'Bench Coach', email: `${sub}@club.example`, plan: 'Coach' }),
  });
  if (res.status !== 201) throw new Error(`registering the bench coach failed: ${res.status} ${await res.text()}`);
  return token;
}

function upload(file, options) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const handle = new tus.Upload(createReadStream(file), {
      uploadSize: SIZE,
      chunkSize: CHUNK,
      retryDelays: [],
      storeFingerprintForResuming: false,
      ...options,
      onSuccess: () => resolve({ seconds: (performance.now() - started) / 1000, url: handle.url }),
      onError: reject,
    });
    handle.start();
  });
}

async function sha256(file) {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return hash.digest('hex');
}

console.log(`generating a ${(SIZE / 1024 ** 3).toFixed(2)} GiB recording…`);
const source = path.join(work, 'recording.mp4');
await writeMediaFile(source, 'mp4', SIZE);

// The product, as npm start runs it.
const dataDir = path.join(work, 'product');
const baseUrl = `http://127.0.0.1:${PORT}`;
const product = spawn(process.execPath, [path.join(root, 'infra/bin/start.mjs')], {
  cwd: root,
  env: { ...process.env, ...MAIL, DATA_DIR: dataDir, PORT: String(PORT), PUBLIC_URL: baseUrl, LOG_LEVEL: 'warn', MAX_UPLOAD_BYTES: String(SIZE * 2) },
  stdio: ['ignore', 'ignore', 'inherit'],
});
children.push(product);
await waitFor(`${baseUrl}/api/health`, product, 'the product');
const token = await coachToken(dataDir, baseUrl);
const created = await (
  await fetch(`${baseUrl}/api/sessions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Benchmark', mediaType: 'video', fileName: 'bench.mp4', sizeBytes: SIZE }),
  })
).json();

const idleRss = rssBytes(product.pid);
let peakRss = idleRss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssBytes(product.pid))), 50);
const api = await upload(source, {
  endpoint: `${baseUrl}${created.upload.endpoint}`,
  metadata: created.upload.metadata,
  headers: { authorization: `Bearer ${token}` },
});
clearInterval(sampler);
const storedFile = path.join(dataDir, 'objects', 'sessions', created.session.id, 'recording');
if (statSync(storedFile).size !== SIZE) throw new Error('the API stored a file of the wrong size');

// tusd on files in a folder, the same kind of store.
const tusdDir = path.join(work, 'tusd');
const tusd = spawn(
  ensureGoTool('tusd'),
  ['-host', '127.0.0.1', '-port', String(TUSD_PORT), '-upload-dir', tusdDir, '-base-path', '/files/', '-disable-download', '-verbose=false'],
  { stdio: 'ignore' },
);
children.push(tusd);
await waitFor(`http://127.0.0.1:${TUSD_PORT}/files/`, tusd, 'tusd');
const reference = await upload(source, { endpoint: `http://127.0.0.1:${TUSD_PORT}/files/`, metadata: { filename: 'bench.mp4' } });

const sourceHash = await sha256(source);
const apiHash = await sha256(storedFile);
if (apiHash !== sourceHash) throw new Error('the API stored different bytes');

const apiRate = SIZE / MB / api.seconds;
const tusdRate = SIZE / MB / reference.seconds;
const mib = (b) => `${(b / 1024 ** 2).toFixed(0)} MiB`;
console.log('');
console.log(`upload of ${(SIZE / 1024 ** 3).toFixed(2)} GiB over loopback, tus-js-client, ${mib(CHUNK + 1)} chunks`);
console.log(`  API (/api/uploads, filesystem store)  ${apiRate.toFixed(0).padStart(5)} MB/s  (${api.seconds.toFixed(1)} s)`);
console.log(`  tusd ${'(reference, filestore)'.padEnd(32)} ${tusdRate.toFixed(0).padStart(5)} MB/s  (${reference.seconds.toFixed(1)} s)`);
console.log(`  ratio API / tusd                       ${(apiRate / tusdRate).toFixed(2)}`);
console.log(`  API resident memory: ${mib(idleRss)} idle, ${mib(peakRss)} at peak (+${mib(peakRss - idleRss)} for a ${mib(SIZE)} file)`);
console.log(`  stored bytes identical to the source: ${apiHash === sourceHash}`);
reportRows([
  {
    benchmark: 'bench:upload',
    measure: `tus upload of ${(SIZE / 1024 ** 3).toFixed(2)} GiB, filesystem store`,
    result: `${apiRate.toFixed(0)} MB/s`,
    baseline: `tusd ${tusdRate.toFixed(0)} MB/s`,
    ratio: apiRate / tusdRate,
    target: '≥ 1.0×, API peak under 150 MB',
    peakMiB: peakRss / 1024 ** 2,
    memoryOf: `API, ${mib(idleRss)} idle`,
  },
]);

product.kill('SIGINT');
tusd.kill('SIGTERM');
await new Promise((r) => product.once('exit', r));

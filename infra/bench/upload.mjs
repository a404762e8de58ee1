#!/usr/bin/env node
// npm run bench:upload — a 1 GiB recording uploaded over loopback with tus-js-client, through the product's
// API (tus at /api/uploads) and, in the same run, through tusd, the reference tus server, on the same kind of
// store: files in a folder, then a MinIO bucket. The servers take turns for BENCH_UPLOAD_ROUNDS rounds
// (default 3, each going first in turn), so a burst of load on a shared machine hits them alike; each
// round's ratio pairs the two uploads of that round, and the report gives the median and the spread.
// Also printed: the CPU time each server spent per GiB (less sensitive to other load than MB/s) and the
// API's resident memory, idle and at its peak during its uploads. A third server takes its turn on each store:
// `@tus/server` alone with the API's store (tus-alone.mjs), which shows what the library and Node cost, in time and
// in memory, without the API around them.
//
// BENCH_UPLOAD_BYTES (default 1 GiB), BENCH_UPLOAD_ROUNDS, BENCH_UPLOAD_STORES (default filesystem,s3),
// BENCH_CPU_PROF=<folder> (the API's V8 CPU profiles, one per store, for Chrome's DevTools) and
// BENCH_API_NODE_FLAGS (more Node or V8 flags for the API, after npm start's own, e.g. "--trace-gc") adjust a run.
import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { chmodSync, createReadStream, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, root } from '../lib/setup.mjs';

const SIZE = Number(process.env.BENCH_UPLOAD_BYTES ?? 1024 ** 3);
const ROUNDS = Number(process.env.BENCH_UPLOAD_ROUNDS ?? 3);
const STORES = (process.env.BENCH_UPLOAD_STORES ?? 'filesystem,s3').split(',').map((s) => s.trim());
const PORT = Number(process.env.BENCH_PORT ?? 18_799);
const TUSD_PORT = Number(process.env.BENCH_TUSD_PORT ?? 18_796);
const ALONE_PORT = Number(process.env.BENCH_TUS_ALONE_PORT ?? 18_797);
const MINIO_PORT = Number(process.env.BENCH_MINIO_PORT ?? 18_794);
const MINIO_CONSOLE_PORT = Number(process.env.BENCH_MINIO_CONSOLE_PORT ?? 18_795);
// The API sends no mail here; a closed port keeps npm start from running its mail catcher in the API's process.
const NO_MAIL = { SMTP_HOST: '127.0.0.1', SMTP_PORT: '9' };
// What the web app's chunks grow to: just under 32 MB.
const CHUNK = 32 * 1024 * 1024 - 1;
const MB = 1_000_000;
const GIB = 1024 ** 3;

for (const store of STORES) if (store !== 'filesystem' && store !== 's3') throw new Error(`BENCH_UPLOAD_STORES: unknown store ${store}`);
if (!(ROUNDS >= 1)) throw new Error('BENCH_UPLOAD_ROUNDS must be 1 or more');

ensureInstalled();
ensureBuilt();
const { apiNodeFlags, ensureGoTool, reportRows, rssBytes, startMinio, writeMediaFile } = await import('@touchline/tooling');
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

async function stop(child, signal) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await exited;
}

/** CPU seconds a process has used so far, in user space and in the kernel (reading sockets, writing files). */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
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

/**
 * Uploads the source file; resolves with the seconds it took, the CPU seconds `pid` spent meanwhile and the
 * largest resident set `pid` had (sampled every 50 ms).
 */
function upload(file, pid, options) {
  return new Promise((resolve, reject) => {
    const cpuBefore = cpuSeconds(pid);
    let peak = rssBytes(pid);
    const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 50);
    const started = performance.now();
    const handle = new tus.Upload(createReadStream(file), {
      uploadSize: SIZE,
      chunkSize: CHUNK,
      retryDelays: [],
      storeFingerprintForResuming: false,
      ...options,
      onSuccess: () => {
        clearInterval(sampler);
        const cpuAfter = cpuSeconds(pid);
        const user = cpuAfter.user - cpuBefore.user;
        const system = cpuAfter.system - cpuBefore.system;
        resolve({ seconds: (performance.now() - started) / 1000, cpu: user + system, user, system, peak, url: handle.url });
      },
      onError: (error) => {
        clearInterval(sampler);
        reject(error);
      },
    });
    handle.start();
  });
}

async function sha256(stream) {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk);
  return hash.digest('hex');
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const spread = (values, digits = 0) => `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;
const mib = (b) => `${(b / 1024 ** 2).toFixed(0)} MiB`;

console.log(`generating a ${(SIZE / GIB).toFixed(2)} GiB recording…`);
const source = path.join(work, 'recording.mp4');
await writeMediaFile(source, 'mp4', SIZE);
const sourceHash = await sha256(createReadStream(source));

let minio;
const minioKeys = { accessKey: 'benchadmin', secretKey: randomUUID() };

/** The API's settings for `bucket` on the benchmark's MinIO. */
const s3Settings = (bucket) => ({
  STORAGE_DRIVER: 's3',
  S3_ENDPOINT: minio.endpoint,
  S3_BUCKET: bucket,
  S3_ACCESS_KEY: minioKeys.accessKey,
  S3_SECRET_KEY: minioKeys.secretKey,
});

const buckets = new Map();
/** The API's own S3 adapter on `bucket` of the benchmark's MinIO, to check and remove what the servers stored. */
function bucketStorage(bucket) {
  if (!buckets.has(bucket)) {
    const { loadConfig, S3ObjectStorage } = require('@touchline/api/tooling');
    buckets.set(bucket, new S3ObjectStorage(loadConfig(s3Settings(bucket)).storage.s3));
  }
  return buckets.get(bucket);
}

if (STORES.includes('s3')) {
  minio = await startMinio({ dataDir: path.join(work, 'minio'), port: MINIO_PORT, consolePort: MINIO_CONSOLE_PORT, ...minioKeys });
  children.push(minio.child);
  for (const bucket of ['tusd-bench', 'tus-alone-bench']) await bucketStorage(bucket).ensureBucket();
}

const extraFlags = (process.env.BENCH_API_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);

/** The product as npm start runs it, on `store`. */
async function startProduct(store) {
  const dataDir = path.join(work, `product-${store}`);
  const baseUrl = `http://127.0.0.1:${PORT}`;
  const s3 = store === 's3' ? s3Settings('touchline-bench') : { STORAGE_DRIVER: 'filesystem' };
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(process.env.BENCH_CPU_PROF)] : [];
  const child = spawn(process.execPath, [...apiNodeFlags(), ...extraFlags, ...profile, path.join(root, 'infra/bin/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      ...NO_MAIL,
      ...s3,
      DATA_DIR: dataDir,
      PORT: String(PORT),
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      BACKGROUND_JOBS: 'false',
      MAX_UPLOAD_BYTES: String(SIZE * 2),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  await waitFor(`${baseUrl}/api/health`, child, 'the product');
  return { child, dataDir, baseUrl, token: await coachToken(dataDir, baseUrl) };
}

function startTusd(store) {
  const args = ['-host', '127.0.0.1', '-port', String(TUSD_PORT), '-base-path', '/files/', '-disable-download', '-verbose=false'];
  const env = { ...process.env };
  if (store === 's3') {
    args.push('-s3-bucket', 'tusd-bench', '-s3-endpoint', minio.endpoint);
    Object.assign(env, { AWS_ACCESS_KEY_ID: minioKeys.accessKey, AWS_SECRET_ACCESS_KEY: minioKeys.secretKey, AWS_REGION: 'us-east-1' });
  } else {
    args.push('-upload-dir', path.join(work, 'tusd'));
  }
  const child = spawn(ensureGoTool('tusd'), args, { stdio: 'ignore', env });
  children.push(child);
  return child;
}

/** `@tus/server` alone with the API's store, Node flags and way of reading a body (tus-alone.mjs). */
async function startTusAlone(store) {
  const directory = path.join(work, 'tus-alone');
  if (store === 'filesystem') mkdirSync(directory);
  const child = spawn(
    process.execPath,
    [...apiNodeFlags(), ...extraFlags, path.join(root, 'infra/bench/tus-alone.mjs'), String(ALONE_PORT), store === 's3' ? 's3' : directory],
    { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...(store === 's3' ? s3Settings('tus-alone-bench') : {}) } },
  );
  children.push(child);
  await waitFor(`http://127.0.0.1:${ALONE_PORT}/files/`, child, 'tus alone');
  return { child, directory };
}

async function aloneRound(alone, store) {
  const result = await upload(source, alone.child.pid, { endpoint: `http://127.0.0.1:${ALONE_PORT}/files/`, metadata: { filename: 'bench.mp4' } });
  const id = result.url.split('/').pop();
  if (store === 's3') {
    const storage = bucketStorage('tus-alone-bench');
    if ((await storage.stat(id))?.size !== SIZE) throw new Error('tus alone stored an object of the wrong size');
    for (const key of [id, `${id}.info`]) await storage.delete(key);
  } else {
    if (statSync(path.join(alone.directory, id)).size !== SIZE) throw new Error('tus alone stored a file of the wrong size');
    rmSync(path.join(alone.directory, id));
    rmSync(path.join(alone.directory, `${id}.json`));
  }
  return result;
}

/** One upload through the API into a new session; checks what was stored, then deletes the session. */
async function apiRound(product, store, checkBytes) {
  const auth = { authorization: `Bearer ${product.token}` };
  const created = await (
    await fetch(`${product.baseUrl}/api/sessions`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Benchmark', mediaType: 'video', fileName: 'bench.mp4', sizeBytes: SIZE }),
    })
  ).json();
  const result = await upload(source, product.child.pid, {
    endpoint: `${product.baseUrl}${created.upload.endpoint}`,
    metadata: created.upload.metadata,
    headers: auth,
  });
  // The filesystem store links the recording under the session's key; on S3 the object tus completed is it.
  const key = store === 's3' ? result.url.split('/').pop() : `sessions/${created.session.id}/recording`;
  const stored = store === 's3' ? await bucketStorage('touchline-bench').get(key) : createReadStream(path.join(product.dataDir, 'objects', ...key.split('/')));
  if (checkBytes) {
    const stat =
      store === 's3' ? (await bucketStorage('touchline-bench').stat(key)).size : statSync(path.join(product.dataDir, 'objects', ...key.split('/'))).size;
    if ((await sha256(stored)) !== sourceHash) throw new Error(`the API stored different bytes (${store}, ${stat} bytes)`);
  }
  if (!checkBytes) stored.destroy();
  if (store === 'filesystem' && statSync(path.join(product.dataDir, 'objects', ...key.split('/'))).size !== SIZE)
    throw new Error('the API stored a file of the wrong size');
  await fetch(`${product.baseUrl}/api/sessions/${created.session.id}`, { method: 'DELETE', headers: auth });
  return result;
}

async function tusdRound(tusd, store) {
  const result = await upload(source, tusd.pid, { endpoint: `http://127.0.0.1:${TUSD_PORT}/files/`, metadata: { filename: 'bench.mp4' } });
  const id = result.url.split('/').pop();
  if (store === 's3') {
    const object = id.split('+')[0];
    for (const key of [object, `${object}.info`]) await bucketStorage('tusd-bench').delete(key);
  } else {
    rmSync(path.join(work, 'tusd'), { recursive: true, force: true });
  }
  return result;
}

const rows = [];
for (const store of STORES) {
  const product = await startProduct(store);
  const tusd = startTusd(store);
  await waitFor(`http://127.0.0.1:${TUSD_PORT}/files/`, tusd, 'tusd');
  const alone = await startTusAlone(store);
  const idle = { api: rssBytes(product.child.pid), alone: rssBytes(alone.child.pid) };
  const api = [];
  const reference = [];
  const library = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const turn = [
      () => apiRound(product, store, round === 0).then((r) => api.push(r)),
      () => tusdRound(tusd, store).then((r) => reference.push(r)),
      () => aloneRound(alone, store).then((r) => library.push(r)),
    ];
    // Each contestant goes first in turn, so a burst of other work on the machine does not favour one of them.
    const first = round % turn.length;
    for (const go of [...turn.slice(first), ...turn.slice(0, first)]) await go();
    const last = (list) => (SIZE / MB / list.at(-1).seconds).toFixed(0);
    console.log(`  ${store} round ${round + 1}/${ROUNDS}: API ${last(api)} MB/s, tusd ${last(reference)} MB/s, tus alone ${last(library)} MB/s`);
  }
  await stop(product.child, 'SIGINT');
  await stop(tusd, 'SIGTERM');
  await stop(alone.child, 'SIGTERM');

  const rate = (r) => SIZE / MB / r.seconds;
  const ratios = api.map((r, i) => rate(r) / rate(reference[i]));
  const cpu = (list, part = 'cpu') => median(list.map((r) => r[part] / (SIZE / GIB)));
  /** The median MB/s of `list` and their spread, the median padded to `width`. */
  const speed = (list, width = 0) => `${median(list.map(rate)).toFixed(0).padStart(width)} MB/s (${spread(list.map(rate))})`;
  const cpuText = (list) => `${cpu(list).toFixed(2)} CPU s/GiB (user ${cpu(list, 'user').toFixed(2)}, system ${cpu(list, 'system').toFixed(2)})`;
  const label = store === 's3' ? 'S3 store (MinIO)' : 'filesystem store';
  const peak = (list) => Math.max(...list.map((r) => r.peak));
  const name = store === 's3' ? 'S3Store' : 'FileStore';
  console.log('');
  console.log(`upload of ${(SIZE / GIB).toFixed(2)} GiB over loopback, tus-js-client, ${mib(CHUNK + 1)} chunks, ${label}, ${ROUNDS} rounds`);
  console.log(`  API (/api/uploads)  median ${speed(api, 4)}, ${cpuText(api)}`);
  console.log(`  tusd (reference)    median ${speed(reference, 4)}, ${cpuText(reference)}`);
  const libraryRatios = library.map((r, i) => rate(r) / rate(reference[i]));
  console.log(`  tus alone (library) median ${speed(library, 4)}, ${cpuText(library)}`);
  console.log(`  ratio API / tusd, paired by round: median ${median(ratios).toFixed(2)} (${spread(ratios, 2)})`);
  console.log(`  ratio tus alone / tusd, paired by round: median ${median(libraryRatios).toFixed(2)} (${spread(libraryRatios, 2)})`);
  const memoryText = (list, at) => `${mib(at)} idle, ${mib(peak(list))} at peak (+${mib(peak(list) - at)} for a ${mib(SIZE)} file)`;
  console.log(`  API resident memory:       ${memoryText(api, idle.api)}`);
  console.log(`  tus alone resident memory: ${memoryText(library, idle.alone)}`);
  console.log(`  tusd resident memory:      ${mib(peak(reference))} at peak`);
  console.log(`  stored bytes identical to the source: true`);
  rows.push(
    {
      benchmark: 'bench:upload',
      measure: `tus upload of ${(SIZE / GIB).toFixed(2)} GiB, ${label}, median of ${ROUNDS} rounds (ratios ${spread(ratios, 2)})`,
      result: speed(api),
      baseline: `tusd ${speed(reference)}`,
      ratio: median(ratios),
      target: store === 's3' ? '≥ 0.9×, API peak under 150 MB' : '≥ 1.0×, API peak under 150 MB',
      peakMiB: peak(api) / 1024 ** 2,
      memoryOf: `API, ${mib(idle.api)} idle; tusd ${mib(peak(reference))}`,
    },
    {
      benchmark: 'bench:upload',
      measure: `CPU time per GiB uploaded, ${label} (lower is better)`,
      result: `${cpu(api).toFixed(2)} s`,
      baseline: `tusd ${cpu(reference).toFixed(2)} s`,
      ratio: cpu(api) / cpu(reference),
      target: '—',
      peakMiB: null,
    },
  );
  rows.push({
    benchmark: 'bench:upload',
    measure: `the library alone (@tus/server and ${name} behind node:http, no API), ${label}, median of ${ROUNDS} rounds (ratios ${spread(libraryRatios, 2)})`,
    result: `${speed(library)}, ${cpu(library).toFixed(2)} CPU s/GiB`,
    baseline: `tusd ${median(reference.map(rate)).toFixed(0)} MB/s, ${cpu(reference).toFixed(2)} CPU s/GiB`,
    ratio: median(libraryRatios),
    target: '—',
    peakMiB: peak(library) / 1024 ** 2,
    memoryOf: `tus alone, ${mib(idle.alone)} idle`,
  });
}
if (minio) await minio.stop();
reportRows(rows);

// S3-compatible servers for tests, development and benchmarks, started natively on loopback: MinIO (what
// docker-compose.yml runs) and versitygw (a maintained S3 gateway over a folder). Both are built from source
// by go-tools.mjs and cached outside the repository.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ensureGoTool } from './go-tools.mjs';

async function waitUntilReady(child, name, probe, output) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${output().slice(-3000)}`);
    if (await probe().catch(() => false)) return;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not start in time:\n${output().slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

function run(binary, args, env) {
  const child = spawn(binary, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (c) => (output = (output + c).slice(-20_000)));
  child.stderr.on('data', (c) => (output = (output + c).slice(-20_000)));
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { child, output: () => output, stop };
}

/** MinIO serving `dataDir` on 127.0.0.1:`port`, its console on `consolePort`. */
export async function startMinio({ dataDir, port, consolePort, accessKey, secretKey }) {
  const binary = ensureGoTool('minio');
  mkdirSync(dataDir, { recursive: true });
  const server = run(binary, ['server', dataDir, '--quiet', '--address', `127.0.0.1:${port}`, '--console-address', `127.0.0.1:${consolePort}`], {
    MINIO_ROOT_USER: accessKey,
    MINIO_ROOT_PASSWORD: secretKey,
    MINIO_BROWSER: 'off',
    MINIO_UPDATE: 'off',
  });
  const endpoint = `http://127.0.0.1:${port}`;
  await waitUntilReady(server.child, 'MinIO', () => fetch(`${endpoint}/minio/health/ready`).then((r) => r.ok), server.output);
  return { name: 'minio', endpoint, accessKey, secretKey, ...server };
}

/** versitygw's POSIX backend serving the folders under `dataDir` as buckets on 127.0.0.1:`port`. */
export async function startVersitygw({ dataDir, port, accessKey, secretKey }) {
  const binary = ensureGoTool('versitygw');
  const root = path.join(dataDir, 'buckets');
  const sidecar = path.join(dataDir, 'meta');
  mkdirSync(root, { recursive: true });
  mkdirSync(sidecar, { recursive: true });
  const server = run(binary, ['--port', `127.0.0.1:${port}`, 'posix', '--sidecar', sidecar, root], {
    ROOT_ACCESS_KEY: accessKey,
    ROOT_SECRET_KEY: secretKey,
  });
  const endpoint = `http://127.0.0.1:${port}`;
  // Any HTTP answer (an anonymous request is refused with 403) means it is listening.
  await waitUntilReady(server.child, 'versitygw', () => fetch(endpoint).then(() => true), server.output);
  return { name: 'versitygw', endpoint, accessKey, secretKey, ...server };
}

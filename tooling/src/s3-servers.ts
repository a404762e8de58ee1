// S3-compatible servers for tests, development and benchmarks, started natively on loopback: MinIO (what
// docker-compose.yml runs) and versitygw (a maintained S3 gateway over a folder). Both are built from source
// by go-tools.ts and cached outside the repository.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ensureGoTool } from './go-tools.js';
import { runService, waitUntilReady, type Service } from './services.js';

export interface S3Keys {
  accessKey: string;
  secretKey: string;
}

export interface MinioOptions extends S3Keys {
  /** Where MinIO keeps its buckets. */
  dataDir: string;
  port: number;
  consolePort: number;
}

export interface VersitygwOptions extends S3Keys {
  /** Holds the buckets (folders under buckets/) and their metadata (meta/). */
  dataDir: string;
  port: number;
}

/** A running S3 server: its address and the root keys it was started with. */
export interface S3Server extends Service, S3Keys {
  endpoint: string;
}

/** MinIO serving `dataDir` on 127.0.0.1:`port`, its console on `consolePort`. */
export async function startMinio({ dataDir, port, consolePort, accessKey, secretKey }: MinioOptions): Promise<S3Server> {
  const binary = ensureGoTool('minio');
  mkdirSync(dataDir, { recursive: true });
  const server = runService(
    'MinIO',
    binary,
    ['server', dataDir, '--quiet', '--address', `127.0.0.1:${port}`, '--console-address', `127.0.0.1:${consolePort}`],
    {
      env: { MINIO_ROOT_USER: accessKey, MINIO_ROOT_PASSWORD: secretKey, MINIO_BROWSER: 'off', MINIO_UPDATE: 'off' },
    },
  );
  const endpoint = `http://127.0.0.1:${port}`;
  await waitUntilReady(server, () => fetch(`${endpoint}/minio/health/ready`).then((r) => r.ok), 60_000);
  return { ...server, endpoint, accessKey, secretKey };
}

/** versitygw's POSIX backend serving the folders under `dataDir` as buckets on 127.0.0.1:`port`. */
export async function startVersitygw({ dataDir, port, accessKey, secretKey }: VersitygwOptions): Promise<S3Server> {
  const binary = ensureGoTool('versitygw');
  const root = path.join(dataDir, 'buckets');
  const sidecar = path.join(dataDir, 'meta');
  mkdirSync(root, { recursive: true });
  mkdirSync(sidecar, { recursive: true });
  const server = runService('versitygw', binary, ['--port', `127.0.0.1:${port}`, 'posix', '--sidecar', sidecar, root], {
    env: { ROOT_ACCESS_KEY: accessKey, ROOT_SECRET_KEY: secretKey },
  });
  const endpoint = `http://127.0.0.1:${port}`;
  // Any HTTP answer (an anonymous request is refused with 403) means it is listening.
  await waitUntilReady(server, () => fetch(endpoint).then(() => true), 60_000);
  return { ...server, endpoint, accessKey, secretKey };
}

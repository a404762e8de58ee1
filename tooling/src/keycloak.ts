// Keycloak for development and tests, run natively (no Docker here): the server distribution from Maven
// Central, cached outside the repository, started with a JDK from the machine and the realm and theme in
// infra/keycloak — the same files docker-compose.yml mounts.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { cacheDir, log, root } from './repo.js';

export const KEYCLOAK_VERSION = '26.7.3';
const SHA1 = '4ff244668809213a1c91ad2505390287203029d0';
const MAVEN = 'https://repo1.maven.org/maven2/org/keycloak/keycloak-quarkus-dist';

export interface KeycloakOptions {
  port: number;
  managementPort: number;
  /**
   * The server's folder is `keycloak` under it (keycloakHome): a copy of the cached distribution made on first use,
   * which also holds the database in development mode. An existing one is used again, its database and realm kept.
   */
  dataDir: string;
  /** Added to the server's environment: KC_* settings, and the realm file's placeholders (TOUCHLINE_PUBLIC_URL, SMTP_*…). */
  env?: Record<string, string>;
  /** `start` with settings from KC_* variables, as in docker-compose.yml; otherwise `start-dev`. */
  production?: boolean;
  /** Told what happens while the server starts (copying, starting, still starting…); silent without it. */
  progress?: (line: string) => void;
}

export interface KeycloakServer {
  /** The server's base address, KC_HTTP_RELATIVE_PATH included. */
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/** Keycloak 26 runs on Java 21 or 25 (17 is deprecated); take the newest JDK the machine has. */
export function findJavaHome(): string {
  if (process.env.KEYCLOAK_JAVA_HOME) return process.env.KEYCLOAK_JAVA_HOME;
  const jvmDir = '/usr/lib/jvm';
  const candidates = existsSync(jvmDir) ? readdirSync(jvmDir).filter((d) => existsSync(path.join(jvmDir, d, 'bin', 'java'))) : [];
  const major = (d: string) => Number((/(\d+)/.exec(d.replace(/^java-1\./, 'java-')) ?? [])[1] ?? 0);
  const best = candidates.sort((a, b) => major(b) - major(a))[0];
  if (!best || major(best) < 17) throw new Error('Keycloak needs a JDK (21 or newer) under /usr/lib/jvm, or KEYCLOAK_JAVA_HOME');
  return path.join(jvmDir, best);
}

/** The distribution's archive from Maven Central, downloaded and checked once into the cache. */
export async function ensureKeycloakArchive(): Promise<string> {
  mkdirSync(cacheDir, { recursive: true });
  const archive = path.join(cacheDir, `keycloak-quarkus-dist-${KEYCLOAK_VERSION}.tar.gz`);
  if (!existsSync(archive) || sha1(archive) !== SHA1) {
    log(`downloading Keycloak ${KEYCLOAK_VERSION} from Maven Central (about 170 MB, once, into ${cacheDir})…`);
    const response = await fetch(`${MAVEN}/${KEYCLOAK_VERSION}/keycloak-quarkus-dist-${KEYCLOAK_VERSION}.tar.gz`);
    if (!response.ok) throw new Error(`Keycloak download failed: HTTP ${response.status}`);
    if (!response.body) throw new Error('Keycloak download failed: empty answer');
    await pipeline(response.body, createWriteStream(`${archive}.part`));
    renameSync(`${archive}.part`, archive);
    if (sha1(archive) !== SHA1) throw new Error('Keycloak download does not match its published SHA-1');
  }
  return archive;
}

/** Downloads and unpacks the distribution once; later calls return the cached folder. */
export async function ensureKeycloak(): Promise<string> {
  const home = path.join(cacheDir, `keycloak-${KEYCLOAK_VERSION}`);
  if (existsSync(path.join(home, 'bin', 'kc.sh'))) return home;
  const archive = await ensureKeycloakArchive();
  const unpacking = `${home}.unpacking`;
  rmSync(unpacking, { recursive: true, force: true });
  mkdirSync(unpacking, { recursive: true });
  const tar = spawnSync('tar', ['-xzf', archive, '-C', unpacking, '--strip-components=1']);
  if (tar.status !== 0) throw new Error(`unpacking Keycloak failed: ${tar.stderr}`);
  renameSync(unpacking, home);
  return home;
}

/** The server's folder for startKeycloak's `dataDir`. */
export function keycloakHome(dataDir: string): string {
  return path.join(dataDir, 'keycloak');
}

/** Whether something answers on the loopback port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function sha1(file: string): string {
  return createHash('sha1').update(readFileSync(file)).digest('hex');
}

/**
 * Starts Keycloak in development mode on loopback with the realm file and login theme of infra/keycloak.
 * Its server folder is made under `dataDir` on first use (a copy of the cached distribution); a fresh `dataDir`
 * starts with an empty database and imports the realm, one used before keeps its database (an existing realm is
 * not imported again). Resolves when the realm's OpenID configuration answers.
 */
export async function startKeycloak({
  port,
  managementPort,
  env = {},
  dataDir,
  production = false,
  progress = () => {},
}: KeycloakOptions): Promise<KeycloakServer> {
  // Another server on the port would answer the readiness check below in this one's place.
  for (const taken of [port, managementPort]) {
    if (await listening(taken)) throw new Error(`port ${taken} is in use on 127.0.0.1 (another Keycloak?)`);
  }
  const dist = await ensureKeycloak();
  const home = keycloakHome(dataDir);
  if (!existsSync(path.join(home, 'bin', 'kc.sh'))) {
    progress(`setting up Keycloak's folder ${home} (a copy of the ${KEYCLOAK_VERSION} distribution, about 190 MB; once)`);
    cpSync(dist, home, { recursive: true });
  }
  const importDir = path.join(home, 'data', 'import');
  mkdirSync(importDir, { recursive: true });
  cpSync(path.join(root, 'infra/keycloak/realm-touchline.json'), path.join(importDir, 'realm-touchline.json'));
  rmSync(path.join(home, 'themes', 'touchline'), { recursive: true, force: true });
  cpSync(path.join(root, 'infra/keycloak/themes/touchline'), path.join(home, 'themes', 'touchline'), { recursive: true });

  // Development mode (an in-process database, no hostname checks) for tests of the identity journey;
  // production mode (`start`, settings from KC_* variables as in docker-compose.yml) for the native stack.
  const modeArgs = production
    ? ['start', '--import-realm']
    : [
        'start-dev',
        '--import-realm',
        '--hostname-strict=false',
        '--spi-theme--static-max-age=-1',
        '--spi-theme--cache-themes=false',
        '--spi-theme--cache-templates=false',
      ];
  const child = spawn(
    path.join(home, 'bin', 'kc.sh'),
    [...modeArgs, `--http-port=${port}`, '--http-host=127.0.0.1', `--http-management-port=${managementPort}`],
    {
      env: {
        ...process.env,
        JAVA_HOME: findJavaHome(),
        JAVA_OPTS_KC_HEAP: '-XX:MinHeapFreeRatio=10 -XX:MaxHeapFreeRatio=20 -Xms128m -Xmx768m',
        KC_BOOTSTRAP_ADMIN_USERNAME: 'admin',
        KC_BOOTSTRAP_ADMIN_PASSWORD: env.KC_BOOTSTRAP_ADMIN_PASSWORD ?? 'admin',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: false,
    },
  );
  const started = Date.now();
  progress(`starting Keycloak ${KEYCLOAK_VERSION} on 127.0.0.1:${port} (usually 30–90 s)…`);
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c));
  child.stderr.on('data', (c: Buffer) => (output += c));
  const url = `http://127.0.0.1:${port}${env.KC_HTTP_RELATIVE_PATH ?? ''}`;
  const deadline = Date.now() + 300_000;
  let told = started;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Keycloak exited with ${child.exitCode}:\n${output.slice(-4000)}`);
    const ready = await fetch(`${url}/realms/touchline/.well-known/openid-configuration`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Keycloak did not start in time:\n${output.slice(-4000)}`);
    }
    if (Date.now() - told >= 15_000) {
      told = Date.now();
      progress(`still starting (${Math.round((told - started) / 1000)} s)…`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  progress(`Keycloak answers after ${Math.round((Date.now() - started) / 1000)} s`);
  return {
    url,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

// The production topology of docker-compose.yml, run natively (no Docker): PostgreSQL (a server of its own,
// with a separate Keycloak database), Keycloak in production mode behind /auth, MinIO with the same bucket
// bootstrap (infra/minio/bootstrap.sh), an SMTP catcher (maildev, in Mailpit's place), the API, the worker as
// a separate process, and nginx with the same configuration template (infra/web/nginx.conf.template) as the
// single entry point. Environment names are the compose file's.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ensureGoTool } from './go-tools.js';
import { startKeycloak } from './keycloak.js';
import { startMaildev } from './maildev.js';
import { apiNodeFlags, root } from './repo.js';
import { startMinio } from './s3-servers.js';
import { runService, waitUntilReady, type Service, type Stoppable } from './services.js';

// The API's tooling entry and its PostgreSQL client, loaded from the built API when the stack starts. This
// workspace is built before the API and has no compile-time reference to it; the interfaces below are the part
// of them used here.
const require = createRequire(path.join(root, 'api/package.json'));

/** What this module uses of `@touchline/api/tooling` (api/src/tooling.ts). */
interface ApiTooling {
  freePort(): Promise<number>;
  startEmbeddedPostgres(dataDir: string): Promise<{ url: string; stop(): Promise<void> }>;
}
const apiTooling = () => require('@touchline/api/tooling') as ApiTooling;

/** What this module uses of `pg`. */
interface PgClient {
  connect(): Promise<unknown>;
  query(sql: string): Promise<{ rowCount: number | null }>;
  end(): Promise<void>;
}
type PgClientConstructor = new (options: { connectionString: string }) => PgClient;

export const BOOTSTRAP_SCRIPT = 'infra/minio/bootstrap.sh';
export const NGINX_TEMPLATE = 'infra/web/nginx.conf.template';

export interface StackSecrets {
  KEYCLOAK_DB_PASSWORD: string;
  KC_BOOTSTRAP_ADMIN_PASSWORD: string;
  KEYCLOAK_ADMIN_CLIENT_SECRET: string;
  MINIO_ROOT_PASSWORD: string;
  S3_SECRET_KEY: string;
}

/** The stack's secrets, generated once per data directory (compose reads the same names from .env). */
function loadOrCreateSecrets(dataDir: string): StackSecrets {
  const file = path.join(dataDir, 'stack-secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as StackSecrets;
  // Hex: a secret that began with "-" (base64url can) would be read as an option by the tools it is passed to.
  const secret = () => randomBytes(20).toString('hex');
  const secrets: StackSecrets = {
    KEYCLOAK_DB_PASSWORD: secret(),
    KC_BOOTSTRAP_ADMIN_PASSWORD: secret(),
    KEYCLOAK_ADMIN_CLIENT_SECRET: secret(),
    MINIO_ROOT_PASSWORD: secret(),
    S3_SECRET_KEY: secret(),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

const freePort = () => apiTooling().freePort();

export interface ApiEnvironmentOptions {
  /** The entry point's address, as a browser sees it. */
  publicUrl: string;
  apiPort: number;
  databaseUrl: string;
  /** Keycloak as the API reaches it, without the proxy. */
  keycloakInternalUrl: string;
  s3Endpoint: string;
  smtpPort: number;
  secrets: Pick<StackSecrets, 'KEYCLOAK_ADMIN_CLIENT_SECRET' | 'S3_SECRET_KEY'>;
  logLevel?: string;
}

/**
 * The API's and the worker's environment: the names and meaning of docker-compose.yml's `x-api-environment`,
 * with loopback addresses.
 */
export function apiEnvironment({
  publicUrl,
  apiPort,
  databaseUrl,
  keycloakInternalUrl,
  s3Endpoint,
  smtpPort,
  secrets,
  logLevel = 'info',
}: ApiEnvironmentOptions): Record<string, string> {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(apiPort),
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: 'true',
    SERVE_WEB: 'false',
    LOG_LEVEL: logLevel,
    DATABASE_URL: databaseUrl,
    IDENTITY_PROVIDER: 'keycloak',
    KEYCLOAK_URL: `${publicUrl}/auth`,
    KEYCLOAK_INTERNAL_URL: keycloakInternalUrl,
    KEYCLOAK_REALM: 'touchline',
    KEYCLOAK_ADMIN_CLIENT_SECRET: secrets.KEYCLOAK_ADMIN_CLIENT_SECRET,
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: s3Endpoint,
    S3_PUBLIC_ENDPOINT: publicUrl,
    S3_BUCKET: 'touchline-media',
    S3_ACCESS_KEY: 'touchline-api',
    S3_SECRET_KEY: secrets.S3_SECRET_KEY,
    MAX_UPLOAD_BYTES: String(10 * 1024 ** 3),
    UPLOAD_EXPIRY_HOURS: '24',
    MEDIA_URL_TTL_SECONDS: '900',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtpPort),
    SMTP_SECURE: 'false',
    SMTP_USER: '',
    SMTP_PASSWORD: '',
    MAIL_FROM: 'Touchline <no-reply@touchline.local>',
    TRANSCRIBER: 'pocketsphinx',
    WHISPER_URL: '',
    TRANSCRIBER_URL: '',
    TRANSCRIBER_API_KEY: '',
    TRANSCRIBER_MODEL: 'whisper-1',
    TRANSCRIBER_LANGUAGE: 'en',
    MAX_RECORDING_MINUTES: '240',
    SUPPORT_EMAIL: process.env.VITE_SUPPORT_EMAIL || 'support@example.com',
    ASSISTANT_LLM_URL: '',
    ASSISTANT_LLM_MODEL: 'llama3.2',
    ASSISTANT_LLM_API_KEY: '',
    ASSISTANT_LLM_TIMEOUT_SECONDS: '30',
    ADMIN_EMAILS: '',
    BILLING_PROVIDER: 'none',
    SIGNUP_PLAN: 'Free Trial',
  };
}

/** The values of the server template's ${…} placeholders, and nginx's folder for its temporary files. */
export interface NginxOptions {
  /** WEB_LISTEN, e.g. 127.0.0.1:8090. */
  listen: string;
  webRoot: string;
  apiUpstream: string;
  keycloakUpstream: string;
  s3Upstream: string;
  bucket: string;
  tempDir: string;
}

/** nginx.conf around the shared server template, for an unprivileged nginx run in the foreground. */
export function renderNginxConfig({ listen, webRoot, apiUpstream, keycloakUpstream, s3Upstream, bucket, tempDir }: NginxOptions): string {
  const values: Record<string, string> = {
    WEB_LISTEN: listen,
    WEB_ROOT: webRoot,
    API_UPSTREAM: apiUpstream,
    KEYCLOAK_UPSTREAM: keycloakUpstream,
    S3_UPSTREAM: s3Upstream,
    S3_BUCKET: bucket,
    // The upstreams here are addresses, never looked up; the directive still needs a server.
    NGINX_RESOLVER: '127.0.0.1',
  };
  // envsubst's rule, as in the nginx image: only these names are replaced; nginx's own $variables stay.
  const server = readFileSync(path.join(root, NGINX_TEMPLATE), 'utf8').replace(/\$\{([A-Z0-9_]+)\}/g, (whole, name: string) => values[name] ?? whole);
  return `daemon off;
worker_processes 1;
pid ${tempDir}/nginx.pid;
error_log stderr warn;
events { worker_connections 512; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  client_body_temp_path ${tempDir}/body;
  proxy_temp_path ${tempDir}/proxy;
  fastcgi_temp_path ${tempDir}/fastcgi;
  uwsgi_temp_path ${tempDir}/uwsgi;
  scgi_temp_path ${tempDir}/scgi;
${server}
}
`;
}

/** Resolves once `url` answers 2xx; fails with the service's output if it exits or takes too long. */
const waitForUrl = (url: string, service: Service) => waitUntilReady(service, () => fetch(url).then((r) => r.ok));

export interface NativeStackOptions {
  /** State that survives a restart: databases, buckets, secrets. */
  dataDir: string;
  /** The entry point (nginx) listens on 127.0.0.1:`webPort`. */
  webPort: number;
  publicUrl?: string;
  /** Fixed ports for the mail catcher; free ones otherwise. */
  mailPorts?: { smtp?: number; web?: number };
  /** Receives each service's output lines. */
  log?: (line: string) => void;
}

export interface NativeStack {
  url: string;
  /** maildev's web UI and REST API. */
  mailUrl: string;
  /** The file the worker touches while it is alive. */
  workerHeartbeat: string;
  keycloakAdminPassword: string;
  /** Every started service, in start order. */
  services: Stoppable[];
  stop(): Promise<void>;
}

/**
 * Starts every service of the stack on loopback; the web entry point on `webPort`. State lives under
 * `dataDir` and survives a restart. Resolves once the entry point answers; `stop()` ends everything.
 */
export async function startNativeStack({
  dataDir,
  webPort,
  publicUrl = `http://127.0.0.1:${webPort}`,
  mailPorts = {},
  log,
}: NativeStackOptions): Promise<NativeStack> {
  mkdirSync(dataDir, { recursive: true });
  // Traverse-only for others: PostgreSQL runs as its own user when the stack runs as root.
  chmodSync(dataDir, 0o711);
  const secrets = loadOrCreateSecrets(dataDir);
  const running: Stoppable[] = [];
  const stop = async () => {
    for (const service of running.reverse()) await service.stop().catch(() => undefined);
  };
  try {
    // PostgreSQL: the product's database, and Keycloak's own (as infra/postgres/initdb does in the stack).
    const pg = await apiTooling().startEmbeddedPostgres(path.join(dataDir, 'postgres-server'));
    running.push({ stop: () => pg.stop() });
    const pgPort = new URL(pg.url).port;
    const { Client } = require('pg') as { Client: PgClientConstructor };
    const admin = new Client({ connectionString: pg.url });
    await admin.connect();
    const roleExists = ((await admin.query(`SELECT 1 FROM pg_roles WHERE rolname = 'keycloak'`)).rowCount ?? 0) > 0;
    if (!roleExists) {
      await admin.query(`CREATE ROLE keycloak LOGIN PASSWORD '${secrets.KEYCLOAK_DB_PASSWORD.replace(/'/g, "''")}'`);
      await admin.query('CREATE DATABASE keycloak OWNER keycloak');
      await admin.query('REVOKE ALL ON DATABASE keycloak FROM PUBLIC');
    }
    await admin.end();

    // SMTP: maildev stands in for Mailpit.
    const mail = await startMaildev({ smtpPort: mailPorts.smtp ?? (await freePort()), webPort: mailPorts.web ?? (await freePort()) });
    running.push(mail);

    // MinIO and the bucket bootstrap, with the script the minio-bootstrap service runs.
    const minio = await startMinio({
      dataDir: path.join(dataDir, 'minio'),
      port: await freePort(),
      consolePort: await freePort(),
      accessKey: 'touchline-root',
      secretKey: secrets.MINIO_ROOT_PASSWORD,
    });
    running.push(minio);
    const bootstrap = spawnSync('/bin/sh', [path.join(root, BOOTSTRAP_SCRIPT)], {
      env: {
        ...process.env,
        MC: ensureGoTool('mc'),
        MC_CONFIG_DIR: path.join(dataDir, 'mc'),
        S3_ENDPOINT: minio.endpoint,
        MINIO_ROOT_USER: 'touchline-root',
        MINIO_ROOT_PASSWORD: secrets.MINIO_ROOT_PASSWORD,
        S3_BUCKET: 'touchline-media',
        S3_ACCESS_KEY: 'touchline-api',
        S3_SECRET_KEY: secrets.S3_SECRET_KEY,
      },
      encoding: 'utf8',
    });
    if (bootstrap.status !== 0) throw new Error(`bucket bootstrap failed:\n${bootstrap.stdout}\n${bootstrap.stderr}`);

    // Keycloak in production mode, behind /auth, on the product's PostgreSQL server.
    const keycloakPort = await freePort();
    const keycloak = await startKeycloak({
      port: keycloakPort,
      managementPort: await freePort(),
      dataDir: path.join(dataDir, 'keycloak'),
      production: true,
      env: {
        KC_DB: 'postgres',
        KC_DB_URL: `jdbc:postgresql://127.0.0.1:${pgPort}/keycloak`,
        KC_DB_USERNAME: 'keycloak',
        KC_DB_PASSWORD: secrets.KEYCLOAK_DB_PASSWORD,
        KC_HOSTNAME: `${publicUrl}/auth`,
        KC_HTTP_RELATIVE_PATH: '/auth',
        KC_HTTP_ENABLED: 'true',
        KC_PROXY_HEADERS: 'xforwarded',
        KC_HEALTH_ENABLED: 'true',
        KC_BOOTSTRAP_ADMIN_PASSWORD: secrets.KC_BOOTSTRAP_ADMIN_PASSWORD,
        TOUCHLINE_PUBLIC_URL: publicUrl,
        KEYCLOAK_ADMIN_CLIENT_SECRET: secrets.KEYCLOAK_ADMIN_CLIENT_SECRET,
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(mail.smtpPort),
      },
    });
    running.push(keycloak);

    // The API and the worker: one image in the stack, two processes here.
    const apiPort = await freePort();
    const env = apiEnvironment({
      publicUrl,
      apiPort,
      databaseUrl: pg.url,
      keycloakInternalUrl: `http://127.0.0.1:${keycloakPort}/auth`,
      s3Endpoint: minio.endpoint,
      smtpPort: mail.smtpPort,
      secrets,
      logLevel: process.env.LOG_LEVEL ?? 'warn',
    });
    const api = runService('api', process.execPath, [...apiNodeFlags(), 'api/dist/main.js'], { cwd: root, env: { ...env, BACKGROUND_JOBS: 'false' }, log });
    running.push(api);
    await waitForUrl(`http://127.0.0.1:${apiPort}/api/health`, api);
    const heartbeat = path.join(dataDir, 'worker.heartbeat');
    const worker = runService('worker', process.execPath, ['api/dist/worker/main.js'], {
      cwd: root,
      env: { ...env, BACKGROUND_JOBS: 'true', WORKER_HEARTBEAT_FILE: heartbeat },
      log,
    });
    running.push(worker);

    // nginx, the single entry point.
    const nginxDir = path.join(dataDir, 'nginx');
    mkdirSync(nginxDir, { recursive: true });
    chmodSync(nginxDir, 0o777);
    const config = path.join(nginxDir, 'nginx.conf');
    writeFileSync(
      config,
      renderNginxConfig({
        listen: `127.0.0.1:${webPort}`,
        webRoot: path.join(root, 'web/dist'),
        apiUpstream: `127.0.0.1:${apiPort}`,
        keycloakUpstream: `127.0.0.1:${keycloakPort}`,
        s3Upstream: new URL(minio.endpoint).host,
        bucket: 'touchline-media',
        tempDir: nginxDir,
      }),
    );
    const web = runService('web', '/usr/sbin/nginx', ['-c', config, '-p', nginxDir], { cwd: root, log });
    running.push(web);
    await waitForUrl(`http://127.0.0.1:${webPort}/healthz`, web);
    await waitForUrl(`http://127.0.0.1:${webPort}/api/health`, web);

    return {
      url: publicUrl,
      mailUrl: mail.webUrl,
      workerHeartbeat: heartbeat,
      keycloakAdminPassword: secrets.KC_BOOTSTRAP_ADMIN_PASSWORD,
      services: running,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

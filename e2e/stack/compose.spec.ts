import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { parseDocument, type Tags } from 'yaml';
import { apiEnvironment, apiNodeFlags, BOOTSTRAP_SCRIPT, composeSchema, KEYCLOAK_VERSION, NGINX_TEMPLATE, renderNginxConfig } from '@touchline/tooling';
import { CONFIG_VARIABLES } from '../../api/src/config/env-schema';

const root = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

// Compose's merge tags, as docker compose reads them.
const composeTags: Tags = ['!reset', '!override'].map((tag) => ({
  tag,
  resolve: (value: unknown) => value,
  collection: undefined,
})) as unknown as Tags;

function loadCompose(file: string) {
  const doc = parseDocument(read(file), { customTags: composeTags, merge: true });
  expect(doc.errors.map(String)).toEqual([]);
  return doc.toJS({ maxAliasCount: 100 }) as Compose;
}

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string; target?: string; args?: Record<string, string> };
  environment?: Record<string, string>;
  volumes?: (string | { source?: string })[];
  networks?: string[];
  ports?: string[];
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  restart?: string;
  command?: string[];
  entrypoint?: string[];
  profiles?: string[];
}
interface Compose {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
  networks?: Record<string, unknown>;
}

const compose = loadCompose('docker-compose.yml');
const tls = loadCompose('docker-compose.tls.yml');
const envExample = new Set(
  read('.env.example')
    .split('\n')
    .map((line) => /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1])
    .filter((name): name is string => Boolean(name)),
);
/** Services that run once and exit; their dependents wait for `service_completed_successfully`. */
const oneShot = Object.entries(compose.services)
  .filter(([name]) => Object.values(compose.services).some((s) => s.depends_on?.[name]?.condition === 'service_completed_successfully'))
  .map(([name]) => name);

describe('docker-compose.yml', () => {
  it('validates against the Compose Specification schema (compose-go), with its TLS override', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const validate = ajv.compile(composeSchema());
    for (const [file, document] of [
      ['docker-compose.yml', compose],
      ['docker-compose.tls.yml', tls],
    ] as const) {
      const valid = validate(document);
      expect(valid, `${file}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    }
  });

  it('runs the whole production topology, the Whisper transcriber included, with no service behind a profile', () => {
    const always = Object.entries(compose.services).filter(([, service]) => !service.profiles);
    expect(always.map(([name]) => name).sort()).toEqual(['api', 'keycloak', 'mailpit', 'minio', 'minio-bootstrap', 'postgres', 'transcriber', 'web', 'worker']);
    for (const name of ['api', 'worker']) expect(compose.services[name]!.environment!.TRANSCRIBER).toBe('${TRANSCRIBER:-auto}');
    // TRANSCRIBER=http with no TRANSCRIBER_URL reaches it on the backend network.
    for (const name of ['api', 'worker']) expect(compose.services[name]!.environment!.TRANSCRIBER_URL).toBe('${TRANSCRIBER_URL:-http://transcriber:8000}');
    expect(compose.services.transcriber?.ports).toBeUndefined();
  });

  it('pins every image to a version', () => {
    for (const [name, service] of [...Object.entries(compose.services), ['caddy', tls.services.caddy!] as const]) {
      if (!service.image) {
        expect(service.build, `${name} has neither image nor build`).toBeDefined();
        continue;
      }
      const tag = /:([^/:]+)$/.exec(service.image)?.[1];
      expect(tag, `${name}: ${service.image}`).toBeDefined();
      expect(tag, `${name}: ${service.image}`).not.toMatch(/^(latest|stable|edge|main)$/);
      expect(tag, `${name}: ${service.image}`).toMatch(/\d/);
    }
  });

  it('gives every long-running service a health check and starts services only once what they need is healthy', () => {
    expect(oneShot).toEqual(['minio-bootstrap']);
    for (const [name, service] of Object.entries({ ...compose.services, caddy: tls.services.caddy! })) {
      if (oneShot.includes(name)) continue;
      expect(service.healthcheck?.test, `${name} has no health check`).toBeDefined();
      expect(service.restart, name).toBe('unless-stopped');
    }
    for (const [name, service] of Object.entries(compose.services)) {
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect(compose.services[dependency], `${name} depends on unknown ${dependency}`).toBeDefined();
        expect(condition, `${name} → ${dependency}`).toBe(oneShot.includes(dependency) ? 'service_completed_successfully' : 'service_healthy');
      }
    }
  });

  it('documents in .env.example every variable it reads', () => {
    for (const file of ['docker-compose.yml', 'docker-compose.tls.yml']) {
      const referenced = [...read(file).matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]!);
      expect(referenced.length).toBeGreaterThan(0);
      for (const name of new Set(referenced)) expect(envExample.has(name), `${file} reads ${name}, which .env.example does not document`).toBe(true);
    }
  });

  it('requires every secret instead of defaulting it, and .env.example ships none', () => {
    const text = read('docker-compose.yml');
    for (const secret of [
      'POSTGRES_PASSWORD',
      'KEYCLOAK_DB_PASSWORD',
      'KC_BOOTSTRAP_ADMIN_PASSWORD',
      'KEYCLOAK_ADMIN_CLIENT_SECRET',
      'MINIO_ROOT_PASSWORD',
      'S3_SECRET_KEY',
    ]) {
      expect(text, secret).toContain(`\${${secret}:?`);
      expect(text, secret).not.toMatch(new RegExp(`\\$\\{${secret}:-`));
      expect(read('.env.example'), secret).toMatch(new RegExp(`^${secret}=$`, 'm'));
    }
  });

  it('declares every named volume and network it uses', () => {
    for (const document of [compose, tls]) {
      for (const [name, service] of Object.entries(document.services)) {
        for (const volume of service.volumes ?? []) {
          const source = typeof volume === 'string' ? volume.split(':')[0]! : volume.source!;
          if (source.startsWith('.') || source.startsWith('/')) {
            expect(existsSync(path.join(root, source)), `${name} mounts missing ${source}`).toBe(true);
          } else {
            expect(document.volumes?.[source] !== undefined, `${name} uses undeclared volume ${source}`).toBe(true);
          }
        }
        for (const network of service.networks ?? []) expect(compose.networks?.[network] !== undefined, `${name}: network ${network}`).toBe(true);
      }
    }
  });

  it('publishes only the web entry point (and Mailpit on loopback)', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      if (name === 'web') expect(service.ports).toEqual(['${WEB_BIND:-0.0.0.0}:${WEB_PORT:-8080}:8080']);
      else if (name === 'mailpit') expect(service.ports).toEqual(['127.0.0.1:${MAILPIT_UI_PORT:-8025}:8025']);
      else expect(service.ports, name).toBeUndefined();
    }
  });

  it('passes the API and the worker only settings the API reads, with the same values', () => {
    const api = compose.services.api!.environment!;
    const worker = compose.services.worker!.environment!;
    for (const name of Object.keys(api)) {
      if (name === 'NODE_ENV') continue;
      expect(CONFIG_VARIABLES, `the API does not read ${name}`).toContain(name);
    }
    expect({ ...worker, BACKGROUND_JOBS: 'x' }).toEqual({ ...api, BACKGROUND_JOBS: 'x' });
    expect([api.BACKGROUND_JOBS, worker.BACKGROUND_JOBS]).toEqual(['false', 'true']);
    expect(compose.services.worker!.image).toBe(compose.services.api!.image);
    expect(compose.services.worker!.command).toEqual(['node', 'api/dist/worker/main.js']);
    expect(existsSync(path.join(root, 'api/src/worker/main.ts'))).toBe(true);
  });

  it('uses the realm, theme, Keycloak version and bucket bootstrap that the native stack uses', () => {
    const keycloak = compose.services.keycloak!;
    expect(keycloak.image).toBe(`quay.io/keycloak/keycloak:${KEYCLOAK_VERSION}`);
    expect(keycloak.volumes).toEqual([
      './infra/keycloak/realm-touchline.json:/opt/keycloak/data/import/realm-touchline.json:ro',
      './infra/keycloak/themes/touchline:/opt/keycloak/themes/touchline:ro',
    ]);
    // The realm file's placeholders are all given to Keycloak.
    const placeholders = [...read('infra/keycloak/realm-touchline.json').matchAll(/\$\{([A-Z0-9_]+)(?::[^}]*)?\}/g)].map((m) => m[1]!);
    for (const name of new Set(placeholders)) expect(Object.keys(keycloak.environment!), name).toContain(name);
    const bootstrap = compose.services['minio-bootstrap']!;
    expect(bootstrap.volumes).toEqual(['./infra/minio:/bootstrap:ro']);
    expect(bootstrap.entrypoint).toEqual(['/bin/sh', '/bootstrap/bootstrap.sh']);
    expect([BOOTSTRAP_SCRIPT, NGINX_TEMPLATE]).toEqual(['infra/minio/bootstrap.sh', 'infra/web/nginx.conf.template']);
    expect(compose.services.web!.build!.target).toBe('web');
    expect(read('infra/docker/Dockerfile')).toContain(`COPY ${NGINX_TEMPLATE} /etc/nginx/templates/default.conf.template`);
  });

  it('gives the native stack the API settings the compose file gives, by the same names', () => {
    const native = apiEnvironment({
      publicUrl: 'http://127.0.0.1:1',
      apiPort: 2,
      databaseUrl: 'postgres://x',
      keycloakInternalUrl: 'http://k',
      s3Endpoint: 'http://s',
      smtpPort: 3,
      secrets: { KEYCLOAK_ADMIN_CLIENT_SECRET: 'kc-secret', S3_SECRET_KEY: 's3-secret' },
    });
    const { BACKGROUND_JOBS: _, ...composed } = compose.services.api!.environment!;
    expect(Object.keys(native).sort()).toEqual(Object.keys(composed).sort());
    expect(native).toMatchObject({
      IDENTITY_PROVIDER: 'keycloak',
      STORAGE_DRIVER: 's3',
      KEYCLOAK_URL: 'http://127.0.0.1:1/auth',
      S3_PUBLIC_ENDPOINT: 'http://127.0.0.1:1',
    });
    expect(composed).toMatchObject({
      IDENTITY_PROVIDER: 'keycloak',
      STORAGE_DRIVER: 's3',
      KEYCLOAK_URL: '${PUBLIC_URL}/auth',
      S3_PUBLIC_ENDPOINT: '${PUBLIC_URL}',
    });
  });

  it('renders the one nginx template for the native stack with every placeholder filled', () => {
    const config = renderNginxConfig({
      listen: '127.0.0.1:1',
      webRoot: '/w',
      apiUpstream: 'a:1',
      keycloakUpstream: 'k:1',
      s3Upstream: 's:1',
      bucket: 'b',
      tempDir: '/t',
    });
    expect(config).not.toMatch(/\$\{[A-Z0-9_]+\}/);
    expect(config).toContain('set $s3_upstream http://s:1;');
    expect(config).toContain('location /b/ {');
    // nginx's own variables are left alone, as envsubst in the image leaves them.
    expect(config).toContain('proxy_set_header Host $http_host;');
    const placeholders = new Set([...read(NGINX_TEMPLATE).matchAll(/\$\{([A-Z0-9_]+)\}/g)].map((m) => m[1]!));
    // The web image sets the rest (infra/docker/Dockerfile).
    const provided = new Set([...Object.keys(compose.services.web!.environment!), 'WEB_LISTEN', 'WEB_ROOT', 'NGINX_RESOLVER']);
    expect([...placeholders].sort()).toEqual([...provided].sort());
  });
});

describe('infra/docker/Dockerfile', () => {
  const dockerfile = read('infra/docker/Dockerfile');
  const stages = dockerfile
    .split(/^FROM /m)
    .slice(1)
    .map((block) => ({ name: /\bAS (\S+)/.exec(block.split('\n')[0]!)![1]!, body: block }));

  it('copies only sources that exist in the build context', () => {
    const copies = [...dockerfile.matchAll(/^COPY (?!--from)(.+)$/gm)].map((m) => m[1]!.split(/\s+/).slice(0, -1));
    expect(copies.length).toBeGreaterThan(5);
    for (const sources of copies) for (const source of sources) expect(existsSync(path.join(root, source)), source).toBe(true);
  });

  it('builds what docker-compose.yml asks for, and runs both final images as a non-root user', () => {
    for (const service of ['api', 'web']) {
      const build = compose.services[service]!.build!;
      expect(build.dockerfile).toBe('infra/docker/Dockerfile');
      const stage = stages.find((s) => s.name === build.target);
      expect(stage, `stage ${build.target}`).toBeDefined();
      const user = [...stage!.body.matchAll(/^USER (\S+)$/gm)].pop()?.[1];
      expect(user, `${build.target} runs as root`).toBeDefined();
      expect(['root', '0']).not.toContain(user);
      expect(stage!.body).toMatch(/^HEALTHCHECK /m);
    }
  });

  it('runs the API with the V8 flags npm start gives it', () => {
    const api = stages.find((s) => s.name === compose.services.api!.build!.target)!;
    const cmd = JSON.parse(/^CMD (\[.+\])$/m.exec(api.body)![1]!) as string[];
    expect(apiNodeFlags().length).toBeGreaterThan(0);
    expect(cmd).toEqual(['node', ...apiNodeFlags(), 'api/dist/main.js']);
  });

  it('keeps dependencies, data, builds and secrets out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const pattern of ['**/node_modules', '**/dist', '.data', '.env', '.env.*', '.git']) expect(ignored).toContain(pattern);
    expect(dockerfile).not.toMatch(/^(ENV|ARG) \S*(PASSWORD|SECRET)/m);
  });
});

// The production stack of docker-compose.yml on this machine, for `npm run stack` and the compose browser test:
// Docker Engine and Compose installed when missing (as root on Debian), `.env` made from .env.example with
// generated secrets, the images pulled from their registries or, where no image registry answers, built offline
// from a Debian root filesystem (infra/docker/offline), then `docker compose up --wait`.
import { spawn, spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, linkSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureGoTool } from './go-tools.js';
import { ensureKeycloakArchive, KEYCLOAK_VERSION } from './keycloak.js';
import { cacheDir, log, root } from './repo.js';

/** The compose file that puts the offline images in the upstream images' places (images and build arguments only). */
export const OFFLINE_COMPOSE_FILE = 'infra/docker/offline/compose.yml';
const OFFLINE_DIR = path.join(root, 'infra/docker/offline');
const DEBIAN_SUITE = 'trixie';
const ROOTFS_IMAGE = `touchline/debian-rootfs:${DEBIAN_SUITE}`;
const BASE_IMAGE = `touchline/base:${DEBIAN_SUITE}`;

/** Each offline image: its tag (as infra/docker/offline/compose.yml names it), Dockerfile and target. */
export const OFFLINE_IMAGES = [
  { tag: 'touchline/offline-postgres:17', dockerfile: 'postgres.Dockerfile' },
  { tag: `touchline/offline-keycloak:${KEYCLOAK_VERSION}`, dockerfile: 'keycloak.Dockerfile' },
  { tag: 'touchline/offline-minio:2026-02-12', dockerfile: 'minio.Dockerfile' },
  { tag: 'touchline/offline-mailpit:1.27.11', dockerfile: 'mailpit.Dockerfile' },
  { tag: 'touchline/offline-node:20', dockerfile: 'node.Dockerfile', target: 'runtime' },
  { tag: 'touchline/offline-node-build:20', dockerfile: 'node.Dockerfile', target: 'build' },
  { tag: 'touchline/offline-nginx:1.26', dockerfile: 'nginx.Dockerfile' },
  { tag: 'touchline/offline-python:3.13', dockerfile: 'python.Dockerfile' },
] as const;

function run(command: string, args: string[], options: SpawnSyncOptions = {}): void {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.error) throw new Error(`${command} could not run: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${command} ${args.slice(0, 3).join(' ')} failed with exit code ${result.status}`);
}

function succeeds(command: string, args: string[]): boolean {
  const result = spawnSync(command, args, { stdio: 'ignore' });
  return !result.error && result.status === 0;
}

const isRootOnDebian = () => process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');

function aptInstall(packages: string[]): void {
  if (!isRootOnDebian()) {
    throw new Error(`missing ${packages.join(', ')}: install them (Debian: sudo apt-get install ${packages.join(' ')}) and run again`);
  }
  log(`installing ${packages.join(', ')} with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], { env });
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { env });
}

const which = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).stdout.trim();

/**
 * A running Docker Engine with Compose: Debian's docker.io installed when missing, dockerd started when it is not
 * running (its log in the cache folder), and Compose built from the Go module proxy when the engine came without it.
 */
export async function ensureDocker(): Promise<void> {
  if (!which('dockerd') && !succeeds('docker', ['info'])) aptInstall(['docker.io']);
  if (!succeeds('docker', ['info'])) {
    if (process.getuid?.() !== 0) throw new Error('Docker Engine is not running: start it (sudo systemctl start docker) and run again');
    mkdirSync(cacheDir, { recursive: true });
    const logFile = path.join(cacheDir, 'dockerd.log');
    log(`starting Docker Engine (its log: ${logFile})…`);
    const output = openSync(logFile, 'a');
    // The daemon outlives this run: it keeps the system's temporary folder, not the run's (TMPDIR, removed at the
    // run's end), where runc writes each health check's exec state; in a removed folder every check fails.
    const { TMPDIR: _runTmp, ...env } = process.env;
    spawn('dockerd', [], { detached: true, stdio: ['ignore', output, output], env }).unref();
    const deadline = Date.now() + 60_000;
    while (!succeeds('docker', ['info'])) {
      if (Date.now() > deadline) throw new Error(`Docker Engine did not start within a minute; see ${logFile}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  // Compose, and buildx (BuildKit builds, which Compose uses too), as CLI plugins.
  for (const plugin of ['compose', 'buildx'] as const) {
    if (succeeds('docker', [plugin, 'version'])) continue;
    const binary = ensureGoTool(`docker-${plugin}`);
    const plugins = process.getuid?.() === 0 ? '/usr/local/lib/docker/cli-plugins' : path.join(process.env.HOME ?? '', '.docker/cli-plugins');
    mkdirSync(plugins, { recursive: true });
    copyFileSync(binary, path.join(plugins, `docker-${plugin}`));
    chmodSync(path.join(plugins, `docker-${plugin}`), 0o755);
    log(`installed docker ${plugin} in ${plugins}`);
  }
}

/** How much of BuildKit's cache the tests that build the stack keep: enough for the next build of a commit to be quick. */
const BUILD_CACHE_KEPT = '8gb';

/**
 * What builds of `projectName` leave behind, kept in bounds so that runs on one machine do not fill its disk: the
 * images a later build replaced (untagged; the tagged images of a release stay), and BuildKit's cache beyond
 * BUILD_CACHE_KEPT, least recently used first. Best effort: a Docker that cannot prune is left as it is.
 */
export function pruneBuildLeftovers(projectName: string): void {
  succeeds('docker', ['image', 'prune', '--force', '--filter', `label=com.docker.compose.project=${projectName}`]);
  succeeds('docker', ['builder', 'prune', '--force', '--reserved-space', BUILD_CACHE_KEPT]);
}

/** Whether Docker Hub answers at all (any HTTP status); STACK_IMAGES=upstream or offline decides instead. */
export async function upstreamRegistryReachable(): Promise<boolean> {
  if (process.env.STACK_IMAGES === 'upstream') return true;
  if (process.env.STACK_IMAGES === 'offline') return false;
  try {
    await fetch('https://registry-1.docker.io/v2/', { signal: AbortSignal.timeout(5_000) });
    return true;
  } catch {
    return false;
  }
}

const imageExists = (tag: string) => succeeds('docker', ['image', 'inspect', tag]);

/** The Debian mirror apt already uses here, for debootstrap. */
function debianMirror(): string {
  for (const file of ['/etc/apt/sources.list.d/debian.sources', '/etc/apt/sources.list']) {
    if (!existsSync(file)) continue;
    const match = /^(?:URIs:\s*|deb\s+(?:\[[^\]]*\]\s+)?)(https?:\/\/\S+\/debian)\/?\s*$/m.exec(readFileSync(file, 'utf8'));
    if (match) return match[1]!;
  }
  return 'http://deb.debian.org/debian';
}

/**
 * What Debian's own container images do to stay small: no downloaded packages, package lists, documentation, manual
 * pages or translations kept, now or by later installs.
 */
function slim(target: string): void {
  for (const dir of ['var/cache/apt/archives', 'var/lib/apt/lists']) {
    for (const file of readdirSync(path.join(target, dir)))
      if (file.endsWith('.deb') || dir.endsWith('lists')) rmSync(path.join(target, dir, file), { recursive: true, force: true });
  }
  writeFileSync(
    path.join(target, 'etc/apt/apt.conf.d/docker-clean'),
    [
      'DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };',
      'APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };',
      'Dir::Cache::pkgcache ""; Dir::Cache::srcpkgcache "";',
      'APT::Install-Recommends "false";',
      '',
    ].join('\n'),
  );
  writeFileSync(
    path.join(target, 'etc/dpkg/dpkg.cfg.d/docker-slim'),
    [
      'path-exclude /usr/share/doc/*',
      'path-include /usr/share/doc/*/copyright',
      'path-exclude /usr/share/man/*',
      'path-exclude /usr/share/info/*',
      'path-exclude /usr/share/locale/*',
      '',
    ].join('\n'),
  );
  for (const dir of ['usr/share/man', 'usr/share/info', 'usr/share/locale']) rmSync(path.join(target, dir), { recursive: true, force: true });
}

/** Debian's minimal root filesystem from debootstrap, kept as a tarball in the cache and imported as an image. */
function ensureRootfsImage(): void {
  if (imageExists(ROOTFS_IMAGE)) return;
  const dir = path.join(cacheDir, 'docker');
  const tarball = path.join(dir, `debian-${DEBIAN_SUITE}-minbase.tar`);
  if (!existsSync(tarball)) {
    if (!which('debootstrap')) aptInstall(['debootstrap']);
    const target = path.join(dir, `rootfs-${DEBIAN_SUITE}`);
    rmSync(target, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    log(`making a Debian ${DEBIAN_SUITE} root filesystem with debootstrap (about a minute, once)…`);
    run('debootstrap', ['--variant=minbase', DEBIAN_SUITE, target, debianMirror()], { stdio: ['ignore', 'ignore', 'inherit'] });
    slim(target);
    run('tar', ['-C', target, '-cf', `${tarball}.part`, '.']);
    run('mv', [`${tarball}.part`, tarball]);
    rmSync(target, { recursive: true, force: true });
  }
  run('docker', ['import', tarball, ROOTFS_IMAGE], { stdio: ['ignore', 'ignore', 'inherit'] });
}

/** Places a file in the build context (a hard link where it can be, a copy where not). */
function place(from: string, to: string): void {
  rmSync(to, { force: true });
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

/**
 * The offline images, built from the debootstrap root filesystem with Debian's packages, the Go-built servers and
 * Keycloak's archive from Maven Central. Docker's layer cache makes a second build a matter of seconds.
 */
export async function buildOfflineImages(): Promise<void> {
  ensureRootfsImage();
  const context = path.join(cacheDir, 'docker', 'offline-context');
  rmSync(context, { recursive: true, force: true });
  mkdirSync(path.join(context, 'ca'), { recursive: true });
  for (const file of readdirSync(OFFLINE_DIR)) place(path.join(OFFLINE_DIR, file), path.join(context, file));
  const hostCertificates = '/usr/local/share/ca-certificates';
  if (existsSync(hostCertificates)) {
    for (const file of readdirSync(hostCertificates).filter((f) => f.endsWith('.crt')))
      copyFileSync(path.join(hostCertificates, file), path.join(context, 'ca', file));
  }
  place(ensureGoTool('minio'), path.join(context, 'minio'));
  place(ensureGoTool('mc'), path.join(context, 'mc'));
  place(ensureGoTool('mailpit'), path.join(context, 'mailpit'));
  place(await ensureKeycloakArchive(), path.join(context, 'keycloak.tar.gz'));
  const build = (tag: string, dockerfile: string, args: string[]) => {
    log(`building ${tag}…`);
    run('docker', ['build', '-q', '-t', tag, '-f', path.join(context, dockerfile), ...args, context], {
      env: { ...process.env, DOCKER_BUILDKIT: '1' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  };
  build(BASE_IMAGE, 'base.Dockerfile', ['--build-arg', `ROOTFS_IMAGE=${ROOTFS_IMAGE}`]);
  for (const image of OFFLINE_IMAGES) {
    build(image.tag, image.dockerfile, ['--build-arg', `BASE_IMAGE=${BASE_IMAGE}`, ...('target' in image ? ['--target', image.target] : [])]);
  }
}

/**
 * `.env` made from .env.example when there is none: every value marked "set this" gets a generated secret (hex, so
 * that none begins with "-"), the rest keep their defaults. Readable by its owner only.
 */
export function ensureEnvFile(file = path.join(root, '.env')): boolean {
  if (existsSync(file)) return false;
  const lines = readFileSync(path.join(root, '.env.example'), 'utf8').split('\n');
  const out = lines.map((line, i) => {
    const match = /^([A-Z0-9_]+)=$/.exec(line);
    const marked = match && (/set this\s*$/.test(lines[i - 1] ?? '') || /set this/.test(line));
    return marked ? `${match[1]}=${randomBytes(20).toString('hex')}` : line;
  });
  writeFileSync(file, out.join('\n'), { mode: 0o600 });
  return true;
}

/** The `docker compose` arguments that name the project and its files: the offline images' file where used. */
export function composeArguments({ offline, files = [], projectName }: { offline: boolean; files?: string[]; projectName?: string }): string[] {
  const all = ['docker-compose.yml', ...(offline ? [OFFLINE_COMPOSE_FILE] : []), ...files];
  return [...(projectName ? ['-p', projectName] : []), ...all.flatMap((f) => ['-f', f])];
}

// S3 servers, the reference tus server and stripe-mock for tests and benchmarks, built from source with Go (the Go
// module proxy is reachable here; release binaries are not). Versions are pinned; each binary is built once
// into the cache folder outside the repository, and Go's own module and build caches make a rebuild of a
// new pin fast.
//
// The build is `go build` inside a throwaway module that requires the pinned version, the same result as
// `go install pkg@version`; `go install` also asks the proxy for the module's version list, which some
// proxies refuse for modules they serve by exact version only.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cacheDir, log } from './repo.js';

/** A Go command, built from `pkg` at the pinned `version` of `module`. */
export interface GoTool {
  module: string;
  pkg: string;
  version: string;
  /**
   * Build inside the module's own source rather than a throwaway module: for modules whose go.mod has directives
   * (exclude, replace) that only hold when it is the main module.
   */
  inModule?: boolean;
  /** The Go variable that holds the version the binary reports (set at link time, as its own release build does). */
  versionVariable?: string;
}

export const GO_TOOLS = {
  // MinIO publishes no semver tags for the server; this is the newest commit on the proxy (2026-02-12).
  minio: { module: 'github.com/minio/minio', pkg: 'github.com/minio/minio', version: 'v0.0.0-20260212201848-7aac2a2c5b7c' },
  // MinIO's client, for the bucket bootstrap (infra/minio/bootstrap.sh) outside containers; newest on the proxy.
  mc: { module: 'github.com/minio/mc', pkg: 'github.com/minio/mc', version: 'v0.0.0-20250313080218-cf909e1063a9' },
  versitygw: { module: 'github.com/versity/versitygw', pkg: 'github.com/versity/versitygw/cmd/versitygw', version: 'v1.8.0' },
  tusd: { module: 'github.com/tus/tusd/v2', pkg: 'github.com/tus/tusd/v2/cmd/tusd', version: 'v2.10.1' },
  // Stripe's own stateless mock of its API, for the Stripe billing adapter's tests.
  'stripe-mock': { module: 'github.com/stripe/stripe-mock', pkg: 'github.com/stripe/stripe-mock', version: 'v0.197.0' },
  // The production stack's offline images (infra/docker/offline): Mailpit, and Docker Compose where the engine
  // came without it. v1.27.10, the upstream image's pin, is not on the proxy.
  mailpit: { module: 'github.com/axllent/mailpit', pkg: 'github.com/axllent/mailpit', version: 'v1.27.11' },
  'docker-compose': {
    module: 'github.com/docker/compose/v2',
    pkg: './cmd',
    version: 'v2.40.3',
    inModule: true,
    versionVariable: 'github.com/docker/compose/v2/internal.Version',
  },
  // BuildKit's client, which Docker's CLI needs to build with BuildKit (Debian's engine ships it separately).
  'docker-buildx': {
    module: 'github.com/docker/buildx',
    pkg: './cmd/buildx',
    version: 'v0.29.1',
    inModule: true,
    versionVariable: 'github.com/docker/buildx/version.Version',
  },
} as const satisfies Record<string, GoTool>;

export type GoToolName = keyof typeof GO_TOOLS;

/** The binary's file name: the package's folder, or the tool's name for a package inside the module (`./cmd`). */
function binaryName(name: string, tool: GoTool): string {
  return tool.pkg.startsWith('./') ? name : path.basename(tool.pkg);
}

/** Path of the named tool's binary, building it first when the pinned version is not in the cache. */
export function ensureGoTool(name: GoToolName): string {
  const tool: GoTool | undefined = GO_TOOLS[name];
  if (!tool) throw new Error(`unknown Go tool ${name}`);
  const dir = path.join(cacheDir, 'go-bin', `${name}-${tool.version}`);
  const binary = path.join(dir, binaryName(name, tool));
  if (existsSync(binary)) return binary;
  const building = `${dir}.building`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  log(`building ${name} ${tool.version} with Go (once; cached in ${dir})…`);
  const work = path.join(building, 'module');
  const env = { ...process.env, CGO_ENABLED: '0', GOTOOLCHAIN: 'local', GOFLAGS: '-mod=mod' };
  if (tool.inModule) {
    // The module's source from the module cache, copied to a writable folder (the cache's copy is read-only).
    const download = spawnSync('go', ['mod', 'download', '-json', `${tool.module}@${tool.version}`], { encoding: 'utf8', env });
    if (download.status !== 0) throw new Error(`downloading ${tool.module}@${tool.version} failed: ${download.stderr || download.stdout}`);
    cpSync((JSON.parse(download.stdout) as { Dir: string }).Dir, work, { recursive: true });
    spawnSync('chmod', ['-R', 'u+w', work]);
  } else {
    mkdirSync(work);
    writeFileSync(path.join(work, 'go.mod'), `module touchline.local/build-${name}\n\ngo 1.24\n\nrequire ${tool.module} ${tool.version}\n`);
  }
  const output = path.join(building, binaryName(name, tool));
  const ldflags = tool.versionVariable ? ['-ldflags', `-X ${tool.versionVariable}=${tool.version}`] : [];
  const result = spawnSync('go', ['build', '-trimpath', ...ldflags, '-o', output, tool.pkg], { cwd: work, stdio: ['ignore', 'ignore', 'inherit'], env });
  if (result.error) throw new Error(`building ${name} needs Go on the PATH: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`building ${tool.pkg}@${tool.version} failed with exit code ${result.status}`);
  rmSync(work, { recursive: true, force: true });
  rmSync(dir, { recursive: true, force: true });
  renameSync(building, dir);
  return binary;
}

// What the browser downloads to show a page of the built SPA, from Vite's manifest (web/dist/.vite/manifest.json):
// the entry and its static imports (the HTML preloads them), then the page's own lazily loaded screen with its
// static imports. Sizes are gzip at level 6, what a compressing server sends. Shared by the size budget
// test in `npm test` and `npm run bench:web`.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** One JavaScript file of the build with its gzip size. */
export interface ChunkSize {
  file: string;
  gzipBytes: number;
}

/** The JavaScript a page loads: its files, their gzip bytes in all, and the npm packages bundled into them. */
export interface PageLoad {
  files: ChunkSize[];
  bytes: number;
  modules: string[];
}

/** Vite's build manifest: each source module's chunk and what it imports. */
export type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }>;

export type MeasuredPage = '/' | '/pricing' | '/dashboard/overview';

/** Gzip bytes of JavaScript the first load of `/` may ship: the entry with the home screen. */
export const FIRST_LOAD_BUDGET_BYTES = 120 * 1024;

/** Gzip bytes of JavaScript the first load of any other route may ship: the entry with the route's own screen. */
export const ROUTE_BUDGET_BYTES = 150 * 1024;

/** The budget of a route's first load: 120 KB on `/`, the first page most visitors see, 150 KB elsewhere. */
export function firstLoadBudget(route: string): number {
  return route === '/' ? FIRST_LOAD_BUDGET_BYTES : ROUTE_BUDGET_BYTES;
}

/** The screen each measured page renders, as named in the manifest (web/src/app/route-table.ts). */
export const PAGE_SCREENS: Record<MeasuredPage, string> = {
  '/': 'src/features/marketing/routes/home.tsx',
  '/pricing': 'src/features/marketing/routes/pricing.tsx',
  '/dashboard/overview': 'src/app/routes/overview.tsx',
};

export function readManifest(dist: string): Manifest {
  const file = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: build the web app first (npm run build)`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/** Manifest keys reachable from `keys` through static imports, the keys themselves included. */
function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return seen;
}

const gzipSize = (file: string) => gzipSync(readFileSync(file), { level: 6 }).length;

/**
 * The JavaScript of a page's first load: `files` with their gzip sizes, `bytes` in all, and `modules` (the
 * bare package names bundled into those files, from the source maps) so a test can say what must not be there.
 */
export function firstLoad(dist: string, screen: string, manifest: Manifest = readManifest(dist)): PageLoad {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry && key.endsWith('index.html'));
  if (!entry) throw new Error('the manifest names no index.html entry');
  if (!manifest[screen]) throw new Error(`the manifest has no chunk for ${screen}`);
  const keys = staticClosure(manifest, [entry, screen]);
  const files = [...new Set([...keys].map((key) => manifest[key]!.file))]
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, gzipBytes: gzipSize(path.join(dist, file)) }));
  return {
    files,
    bytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
    modules: bundledPackages(
      dist,
      files.map((f) => f.file),
    ),
  };
}

/** The chunk files (with their static imports) that load a given source module on demand, e.g. an identity adapter. */
export function lazyChunk(dist: string, source: string, manifest: Manifest = readManifest(dist)): PageLoad | null {
  if (!manifest[source]) return null;
  const files = [...staticClosure(manifest, [source])].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
  const unique = [...new Set(files)].map((file) => ({ file, gzipBytes: gzipSize(path.join(dist, file)) }));
  return {
    files: unique,
    bytes: unique.reduce((sum, f) => sum + f.gzipBytes, 0),
    modules: bundledPackages(
      dist,
      unique.map((f) => f.file),
    ),
  };
}

/** npm packages whose code a chunk holds, read from its source map (the build writes one per chunk). */
function bundledPackages(dist: string, files: string[]): string[] {
  const packages = new Set<string>();
  for (const file of files) {
    const map = path.join(dist, `${file}.map`);
    if (!existsSync(map)) continue;
    for (const source of (JSON.parse(readFileSync(map, 'utf8')) as { sources?: string[] }).sources ?? []) {
      // The last node_modules in the path names the package (nested copies included).
      const match = [...source.matchAll(/node_modules\/((?:@[^/]+\/)?[^/]+)/g)].at(-1);
      if (match) packages.add(match[1]!);
    }
  }
  return [...packages].sort();
}

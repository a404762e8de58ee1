/// <reference types="node" />
// The size budget of the built SPA (web/dist, which `npm test` builds first): what a visitor downloads before
// the first page shows. Every route of src/config/paths is measured: the entry with the route's own screen (found
// through the route table's loaders) and their static imports, at most 120 KB of gzip JavaScript on / and
// 150 KB on any other route. Fails when a change pushes a route over budget or pulls a heavy library back into
// pages that do not draw with it.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { firstLoad, firstLoadBudget, lazyChunk, readManifest } from '@touchline/tooling';
import { routeTable } from '@/app/route-table';
import { paths } from '@/config/paths';

const dist = path.resolve(__dirname, '../dist');
const manifest = readManifest(dist);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const routes = Object.values(paths);

// Every module a route may render as its screen, keyed as the manifest names it (src/…).
const screenModules = import.meta.glob(['./features/*/routes/*.tsx', './app/routes/*.tsx', '!**/*.spec.tsx']);
/** route → the manifest key of its screen, from the module each route's loader resolves to. */
const screenOf = new Map<string, string>();

beforeAll(async () => {
  const loaded = await Promise.all(Object.entries(screenModules).map(async ([key, load]) => [path.posix.join('src', key), await load()] as const));
  for (const { path: route, Screen } of routeTable) {
    const module = await Screen.load();
    const match = loaded.find(([, candidate]) => candidate === module);
    if (match) screenOf.set(route, match[0]);
  }
}, 60_000);

function load(route: string) {
  const screen = screenOf.get(route);
  if (!screen) throw new Error(`no screen module found for ${route}: is it in the route table, under a routes/ folder?`);
  return firstLoad(dist, screen, manifest);
}

describe('first load of the built web app', () => {
  it('measures every route of the app, each with a screen of its own', () => {
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.filter((route) => !screenOf.has(route))).toEqual([]);
  });

  it.each(routes)('ships no more gzip JavaScript on %s than its budget (120 KB on /, 150 KB elsewhere)', (route) => {
    const { bytes, files } = load(route);
    const detail = files.map((f) => `${f.file} ${kb(f.gzipBytes)}`).join(', ');
    expect(bytes, `first load of ${route} is ${kb(bytes)} (budget ${kb(firstLoadBudget(route))}): ${detail}`).toBeLessThanOrEqual(firstLoadBudget(route));
  });

  it.each(routes)('carries no identity library on %s: each provider adapter loads on its own', (route) => {
    const { modules } = load(route);
    expect(modules).not.toContain('keycloak-js');
    expect(modules).not.toContain('oidc-client-ts');
  });

  it('keeps each identity library in its own adapter chunk, never both together', () => {
    const embedded = lazyChunk(dist, 'src/lib/identity/embedded-identity-client.ts', manifest);
    const keycloak = lazyChunk(dist, 'src/lib/identity/keycloak-identity-client.ts', manifest);
    expect(embedded?.modules).toContain('oidc-client-ts');
    expect(embedded?.modules).not.toContain('keycloak-js');
    expect(keycloak?.modules).toContain('keycloak-js');
    expect(keycloak?.modules).not.toContain('oidc-client-ts');
  });

  // A chart draws after its page: the chart library comes with the chart's own chunk, never in a first load.
  it.each(routes)('loads no chart library on %s before the page shows', (route) => {
    expect(load(route).modules).not.toContain('recharts');
  });

  it.each([
    'src/components/charts/trend-lines.tsx',
    'src/features/dashboard/components/development-chart.tsx',
    'src/features/sessions/components/category-bars.tsx',
  ])('bundles the chart library with the chart that draws it: %s', (chart) => {
    expect(lazyChunk(dist, chart, manifest)?.modules).toContain('recharts');
  });

  // The app's shell joins its classes with clsx: tailwind-merge comes with the screens that merge classes.
  it('loads no class-merging library on /, whose shell and home screen merge no classes', () => {
    expect(load(paths.home).modules).not.toContain('tailwind-merge');
  });

  // Help pages show Markdown rendered at build time; only the assistant's answers need the Markdown library.
  it.each([paths.guides, paths.guide, paths.faq, paths.chatbot])('loads no Markdown library on %s before the page shows', (route) => {
    expect(load(route).modules).not.toContain('react-markdown');
  });
});

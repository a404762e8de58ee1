/// <reference types="node" />
// The size budget of the built SPA (web/dist, which `npm test` builds first): what a visitor downloads before
// the first page shows. Fails when a change pushes the first load of / over budget or pulls a heavy library
// back into pages that do not use it.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_LOAD_BUDGET_BYTES, PAGE_SCREENS, firstLoad, lazyChunk, readManifest } from '@touchline/tooling';

const dist = path.resolve(__dirname, '../dist');
const manifest = readManifest(dist);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('first load of the built web app', () => {
  it(`ships at most ${FIRST_LOAD_BUDGET_BYTES / 1024} KB of gzip JavaScript on /`, () => {
    const load = firstLoad(dist, PAGE_SCREENS['/'], manifest);
    const detail = load.files.map((f) => `${f.file} ${kb(f.gzipBytes)}`).join(', ');
    expect(load.bytes, `first load of / is ${kb(load.bytes)}: ${detail}`).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES);
  });

  it.each(Object.entries(PAGE_SCREENS))('carries no identity library on %s: each provider adapter loads on its own', (_, screen) => {
    const { modules } = firstLoad(dist, screen, manifest);
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

  it.each(['/', '/pricing'] as const)('loads no chart library on %s, which has no chart', (page) => {
    expect(firstLoad(dist, PAGE_SCREENS[page], manifest).modules).not.toContain('recharts');
  });
});

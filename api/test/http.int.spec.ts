import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_NUL_PATTERN } from '../src/common/api-docs';
import { startTestApi, type TestApi } from './support/test-api';

let api: TestApi;

beforeAll(async () => {
  const webRoot = await mkdtemp(path.join(tmpdir(), 'touchline-web-'));
  await mkdir(path.join(webRoot, 'assets'));
  await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>Touchline SPA</title>');
  await writeFile(path.join(webRoot, 'assets', 'app-3f9a.js'), 'console.log(1)');
  await writeFile(
    path.join(webRoot, 'assets', 'screens-77c1.js'),
    `export const screens = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `screen ${i}`))};`,
  );
  api = await startTestApi({ SERVE_WEB: 'true', WEB_ROOT: webRoot });
});

afterAll(async () => {
  await api?.stop();
});

const get = (p: string, init?: RequestInit) => fetch(api.url + p, init);
const postJson = (p: string, body: string) => fetch(api.url + p, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });

describe('HTTP surface', () => {
  it('reports health with the database check', async () => {
    const res = await get('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', info: { database: { status: 'up' } } });
  });

  it('refuses /api/auth/check without a token: 401 as { statusCode, message }', async () => {
    const res = await get('/api/auth/check');
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ statusCode: 401, message: 'Authentication required' });
  });

  it.each(['Bearer not-a-jwt', 'Basic dXNlcjpwYXNz', 'Bearer'])('refuses /api/auth/check with "%s"', async (authorization) => {
    const res = await get('/api/auth/check', { headers: { authorization } });
    expect(res.status).toBe(401);
    expect(Object.keys((await res.json()) as object).sort()).toEqual(['message', 'statusCode']);
  });

  it('answers malformed JSON with 400', async () => {
    const res = await postJson('/api/auth/login', '{"email": "a@b.c",');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ statusCode: 400, message: 'Malformed JSON in request body' });
  });

  it('answers a body over the limit with 413', async () => {
    const res = await postJson('/api/auth/login', JSON.stringify({ padding: 'x'.repeat(150 * 1024) }));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ statusCode: 413, message: 'Request body is larger than the limit of 100kb' });
  });

  it('answers an unknown API path with a JSON 404, never the SPA', async () => {
    const res = await get('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ statusCode: 404, message: 'Cannot GET /api/no-such-thing' });
  });

  it('sends security headers', async () => {
    const res = await get('/api/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('publishes the OpenAPI document', async () => {
    const ui = await get('/api/docs');
    expect(ui.status).toBe(200);
    expect(await ui.text()).toContain('swagger');
    const doc = (await (await get('/api/docs/openapi.json')).json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/auth/check']));
  });

  it('keeps API answers out of caches: no-store on signed-in, refused and public JSON alike', async () => {
    for (const path of ['/api/auth/check', '/api/health', '/api/sessions', '/api/nowhere']) {
      expect((await get(path)).headers.get('cache-control'), path).toMatch(/\bno-store\b/);
    }
  });

  it('says in the document that strings of bodies and queries may not hold NUL, as the API enforces', async () => {
    type Schema = { pattern?: string; allOf?: Schema[]; properties?: Record<string, Schema> };
    const patterns = (schema: Schema | undefined) => [schema?.pattern, ...(schema?.allOf ?? []).map((s) => s.pattern)];
    const doc = (await (await get('/api/docs/openapi.json')).json()) as {
      components: { schemas: Record<string, Schema> };
      paths: Record<string, Record<string, { parameters?: { name: string; schema: Schema }[] }>>;
    };
    const noNul = new RegExp(NO_NUL_PATTERN);
    const session = doc.components.schemas['CreateSessionDto']?.properties;
    // The title keeps its own rule (not blank) and gets the NUL rule beside it; the file name has only the NUL rule.
    expect(patterns(session?.title)).toEqual([expect.any(String), NO_NUL_PATTERN]);
    expect(patterns(session?.fileName)).toContain(NO_NUL_PATTERN);
    const search = doc.paths['/api/sessions']!.get!.parameters!.find((p) => p.name === 'search');
    expect(patterns(search?.schema)).toContain(NO_NUL_PATTERN);
    for (const query of ['/api/help/search?q=a%00b', '/api/sessions?search=a%00b', '/api/plans?anything=%00']) {
      const refused = await get(query);
      expect(refused.status, query).toBe(400);
      expect(((await refused.json()) as { message: string }).message, query).toMatch(/^(q|search|anything) must not contain NUL characters$/);
    }
    expect(noNul.test('Rondo 4v2')).toBe(true);
    expect(noNul.test('Rondo\u00004v2')).toBe(false);
  });

  it('serves the SPA on the same origin, deep links included', async () => {
    for (const p of ['/', '/dashboard/overview', '/nope']) {
      const res = await get(p);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('Touchline SPA');
    }
    expect((await get('/')).headers.get('cache-control')).toBe('no-cache');
  });

  it("sends the SPA's files gzip-compressed, and the API's own responses as they are", async () => {
    const script = await get('/assets/screens-77c1.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(script.status).toBe(200);
    expect(script.headers.get('content-encoding')).toBe('gzip');
    expect(await script.text()).toContain('screen 399');
    // Large enough to be compressed were it the SPA's: the API's description.
    const openapi = await get('/api/docs/openapi.json', { headers: { 'accept-encoding': 'gzip' } });
    expect(openapi.status).toBe(200);
    expect(openapi.headers.get('content-encoding')).toBeNull();
    expect(Number(openapi.headers.get('content-length') ?? (await openapi.clone().text()).length)).toBeGreaterThan(2048);
  });

  it('lets browsers keep hashed assets for a year', async () => {
    const res = await get('/assets/app-3f9a.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});

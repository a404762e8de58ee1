import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_ERROR_MESSAGES } from '@touchline/shared';
import { startTestApi, type TestApi } from './support/test-api';
import { bearer, registerCoach } from './support/tokens';

let api: TestApi;
let token: string;

beforeAll(async () => {
  api = await startTestApi();
  ({ token } = await registerCoach(api, 'Hostile Input'));
});

afterAll(async () => {
  await api?.stop();
});

/** Every refusal is a 4xx in the API's one error shape. */
async function expectClientError(res: Response, status: number, message?: string | RegExp): Promise<void> {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await res.json()) as { statusCode: number; message: string };
  expect(Object.keys(body).sort()).toEqual(['message', 'statusCode']);
  expect(body.statusCode).toBe(status);
  if (message) expect(body.message).toMatch(message);
}

const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe('deeply nested JSON', () => {
  it('answers a body nested 3,000 levels deep with 400, signed in or not', async () => {
    const body = JSON.stringify({ email: 'a@club.example', deep: JSON.parse(nested(3000)) as unknown });
    expect(body.length).toBeGreaterThan(6000);
    for (const [path, headers] of [
      ['/api/auth/reset-password-request', {}],
      ['/api/sessions', bearer(token)],
    ] as const) {
      const res = await fetch(api.url + path, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body });
      await expectClientError(res, 400, 'Request body is nested more than 32 levels deep');
    }
  });

  it('answers deep nesting of objects (about 18 KB) the same way', async () => {
    const body = `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`;
    expect(body.length).toBeGreaterThan(18_000);
    const res = await fetch(`${api.url}/api/auth/reset-password-request`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    await expectClientError(res, 400, /nested more than 32 levels/);
  });

  it('still validates a body of ordinary depth', async () => {
    const res = await fetch(`${api.url}/api/auth/reset-password-request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: { a: [[1]] } }),
    });
    await expectClientError(res, 400, IDENTITY_ERROR_MESSAGES['invalid-email']);
  });
});

describe('text PostgreSQL cannot store', () => {
  it('refuses a NUL character in a body or in the search with 400, and stores nothing', async () => {
    const created = await fetch(`${api.url}/api/sessions`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Drill\u0000', mediaType: 'audio', fileName: 'drill.mp3', sizeBytes: 10 }),
    });
    await expectClientError(created, 400, 'Text in the request body must not contain NUL characters');
    await expectClientError(await fetch(`${api.url}/api/sessions?search=a%00b`, { headers: bearer(token) }), 400, 'search must not contain NUL characters');
    expect(((await (await fetch(`${api.url}/api/sessions`, { headers: bearer(token) })).json()) as { total: number }).total).toBe(0);
  });
});

describe('methods a path does not have', () => {
  it.each([
    ['DELETE', '/api/auth/check', 'GET, HEAD'],
    ['PUT', '/api/sessions', 'GET, POST, HEAD'],
    ['PATCH', '/api/sessions/7d1c2f9e-2b7a-4c55-9a39-2f1f9f3b4d10', 'GET, DELETE, HEAD'],
  ])('answers %s %s with 405 and Allow: %s', async (method, path, allow) => {
    const res = await fetch(api.url + path, { method, headers: bearer(token) });
    await expectClientError(res, 405, `${method} is not allowed here`);
    expect(res.headers.get('allow')).toBe(allow);
  });

  it('still answers an unknown path with 404', async () => {
    await expectClientError(await fetch(`${api.url}/api/sessions/x/y/z`, { method: 'PUT', headers: bearer(token) }), 404);
  });
});

describe('numeric query parameters', () => {
  it.each(['1e20', '1e308', '9007199254740993', '10001'])('refuses page=%s with 400', async (page) => {
    const res = await fetch(`${api.url}/api/sessions?page=${page}`, { headers: bearer(token) });
    await expectClientError(res, 400, 'page must be at most 10000');
  });

  it.each(['1e3', 'Infinity', '-1', '2.5', 'NaN'])('refuses pageSize=%s with 400', async (pageSize) => {
    const res = await fetch(`${api.url}/api/sessions?pageSize=${pageSize}`, { headers: bearer(token) });
    await expectClientError(res, 400, /pageSize must be/);
  });

  it('answers the last allowed page with an empty page', async () => {
    const res = await fetch(`${api.url}/api/sessions?page=10000&pageSize=50`, { headers: bearer(token) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ items: [], total: 0, page: 10000, pageSize: 50 });
  });
});

describe('tus uploads', () => {
  const tusPost = (metadata: string, extra: Record<string, string> = {}) =>
    fetch(`${api.url}/api/uploads`, {
      method: 'POST',
      headers: { ...bearer(token), 'tus-resumable': '1.0.0', 'upload-length': '10', 'upload-metadata': metadata, ...extra },
    });
  const meta = (sessionId: string) => `sessionId ${Buffer.from(sessionId).toString('base64')}`;

  it.each([
    ['36 dashes', '-'.repeat(36)],
    ['36 hex digits', 'a'.repeat(36)],
    ['dashes in the wrong places', '0123456789-abcdef-0123-456789abcdef0'],
  ])('answers a sessionId of %s with 404 Session not found', async (_name, sessionId) => {
    await expectClientError(await tusPost(meta(sessionId)), 404, 'Session not found');
  });

  it('answers an upload without a sessionId with 400', async () => {
    const res = await fetch(`${api.url}/api/uploads`, { method: 'POST', headers: { ...bearer(token), 'tus-resumable': '1.0.0', 'upload-length': '10' } });
    await expectClientError(res, 400, 'Upload-Metadata must name the sessionId.');
  });

  it('answers a method the upload endpoint does not have with 405 and Allow', async () => {
    const res = await fetch(`${api.url}/api/uploads/${'0'.repeat(32)}`, { method: 'PUT', headers: { ...bearer(token), 'tus-resumable': '1.0.0' } });
    await expectClientError(res, 405);
    expect(res.headers.get('allow')).toBe('DELETE, HEAD, PATCH');
  });

  it('answers protocol errors as JSON with tus status codes', async () => {
    const noVersion = await fetch(`${api.url}/api/uploads`, { method: 'POST', headers: { ...bearer(token), 'upload-length': '10' } });
    await expectClientError(noVersion, 412, 'Tus-Resumable Required');
    expect(noVersion.headers.get('tus-resumable')).toBe('1.0.0');
    await expectClientError(await tusPost(meta('x'), { 'upload-length': 'ten' }), 400, /Invalid upload-length/);
    const missing = await fetch(`${api.url}/api/uploads/${'0'.repeat(32)}`, { method: 'HEAD', headers: { ...bearer(token), 'tus-resumable': '1.0.0' } });
    expect(missing.status).toBe(404);
    const patch = await fetch(`${api.url}/api/uploads/${'0'.repeat(32)}`, {
      method: 'PATCH',
      headers: { ...bearer(token), 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: 'abc',
    });
    await expectClientError(patch, 404, 'Upload not found');
  });

  it('grants no cross-origin access, like the rest of /api', async () => {
    const origin = { origin: 'https://elsewhere.example' };
    const preflight = await fetch(`${api.url}/api/uploads`, {
      method: 'OPTIONS',
      headers: { ...origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,tus-resumable' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const post = await tusPost(meta('-'.repeat(36)), origin);
    expect(post.headers.get('access-control-allow-origin')).toBeNull();
    const sessions = await fetch(`${api.url}/api/sessions`, { headers: { ...bearer(token), ...origin } });
    expect(sessions.headers.get('access-control-allow-origin')).toBeNull();
  });
});

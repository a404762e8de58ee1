import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, getJson, getPublicJson, readApiError, setAccessTokenSource, type AccessTokenSource } from './api-client';

function stubFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('sends credentials and a JSON body', async () => {
    const fetchMock = stubFetch(Response.json({ ok: true }));
    await expect(apiRequest('POST', '/api/auth/login', { email: 'a@b.c' })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/login');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"email":"a@b.c"}', headers: { 'Content-Type': 'application/json' } });
  });

  it('reads with GET and credentials, without a body', async () => {
    const fetchMock = stubFetch(Response.json([1, 2]));
    await expect(getJson('/api/sessions')).resolves.toEqual([1, 2]);
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'GET', credentials: 'include', body: undefined, headers: {} });
  });

  it('sends the access token as a Bearer token when there is one', async () => {
    const fetchMock = stubFetch(Response.json({}));
    setAccessTokenSource(async () => 'token-123');
    await getJson('/api/auth/check');
    setAccessTokenSource(async () => null);
    expect(fetchMock.mock.calls[0]![1]!.headers).toEqual({ Authorization: 'Bearer token-123' });
  });

  it('holds a request made while the identity client starts until its token is there, then sends it with the token', async () => {
    const fetchMock = stubFetch(Response.json([]));
    let started!: (source: AccessTokenSource) => void;
    setAccessTokenSource(new Promise<AccessTokenSource>((resolve) => (started = resolve)));
    const answer = getJson('/api/sessions');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
    started(async () => 'token-456');
    await expect(answer).resolves.toEqual([]);
    setAccessTokenSource(async () => null);
    expect(fetchMock.mock.calls[0]![1]!.headers).toEqual({ Authorization: 'Bearer token-456' });
  });

  it('reads a public resource at once and without a token, even while the identity client starts', async () => {
    const fetchMock = stubFetch(Response.json({ plans: [] }));
    setAccessTokenSource(new Promise<AccessTokenSource>(() => undefined));
    await expect(getPublicJson('/api/plans')).resolves.toEqual({ plans: [] });
    setAccessTokenSource(async () => null);
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'GET', credentials: 'include', headers: {} });
  });

  it('reads the status and message of an error', () => {
    expect(readApiError(new ApiError(409, '{"statusCode":409,"message":"exists"}'))).toEqual({ status: 409, message: 'exists' });
    expect(readApiError(new ApiError(502, 'Bad Gateway'))).toEqual({ status: 502, message: null });
    expect(readApiError(new TypeError('Failed to fetch'))).toBeNull();
  });

  it('raises "{status}: {body}" on a non-OK answer', async () => {
    stubFetch(new Response('{"statusCode":404,"message":"User not found"}', { status: 404, statusText: 'Not Found' }));
    await expect(getJson('/api/auth/check')).rejects.toThrow('404: {"statusCode":404,"message":"User not found"}');
  });

  it('uses the status text when the body is empty', async () => {
    stubFetch(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(getJson('/api/health')).rejects.toThrow(/^503: Service Unavailable$/);
  });

  it('answers undefined for 204 No Content', async () => {
    stubFetch(new Response(null, { status: 204 }));
    await expect(apiRequest('DELETE', '/api/sessions/1')).resolves.toBeUndefined();
  });
});

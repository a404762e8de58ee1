/**
 * The data client of docs/product-spec.md §7: every call sends credentials, a body is JSON, and a non-OK answer raises
 * an `ApiError`.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type AccessTokenSource = () => Promise<string | null>;
let accessTokenSource: Promise<AccessTokenSource> = Promise.resolve(async () => null);

/**
 * Where requests get their Bearer token: the identity client, or the promise of it while it starts. A signed-in
 * page renders at once after a reload (the user is kept in storage) and asks for its data before the identity
 * client has its token; given the promise, those requests wait for the token instead of going without one.
 */
export function setAccessTokenSource(source: AccessTokenSource | Promise<AccessTokenSource>): void {
  accessTokenSource = Promise.resolve(source);
}

/** A fresh access token, also for calls made outside this client (the resumable upload's, the live stream's). */
export async function freshAccessToken(): Promise<string | null> {
  return (await accessTokenSource)();
}

/**
 * A non-OK answer. Its message keeps the format of docs/product-spec.md §7, "{status}: {body text}" (or the status
 * text when the body is empty); `status` and `body` keep the parts, so callers never parse the message.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`${status}: ${body}`);
    this.name = 'ApiError';
  }

  /** The `message` field of a JSON body (the API's `{ statusCode, message }`), or null. */
  get apiMessage(): string | null {
    try {
      const parsed = JSON.parse(this.body) as { message?: unknown };
      return typeof parsed.message === 'string' && parsed.message ? parsed.message : null;
    } catch {
      return null;
    }
  }
}

/** A non-OK answer, with its status and the message field of its body when there is one. */
export function readApiError(error: unknown): { status: number; message: string | null } | null {
  return error instanceof ApiError ? { status: error.status, message: error.apiMessage } : null;
}

export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  throw new ApiError(response.status, (await response.text()) || response.statusText);
}

export async function apiRequest<T>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  return send<T>(method, url, body, await freshAccessToken());
}

async function send<T>(method: HttpMethod, url: string, body: unknown, token: string | null): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await throwIfNotOk(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export function getJson<T>(url: string): Promise<T> {
  return apiRequest<T>('GET', url);
}

/**
 * A resource that is the same for everyone (the sign-in configuration, the plan catalogue, the public demo, the help
 * search): read without a token, so it never waits for the sign-in check; the sign-in check itself starts with one.
 */
export function getPublicJson<T>(url: string): Promise<T> {
  return send<T>('GET', url, undefined, null);
}

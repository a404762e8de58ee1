/**
 * The data client of docs/product-spec.md §7: every call sends credentials, a body is JSON, and a non-OK answer raises
 * an Error whose message is "{status}: {body text}" (or the status text when the body is empty).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type AccessTokenSource = () => Promise<string | null>;
let accessToken: AccessTokenSource = async () => null;

/** Where requests get their Bearer token (the identity client, once it has started). */
export function setAccessTokenSource(source: AccessTokenSource): void {
  accessToken = source;
}

/** A fresh access token for calls made outside this client (the resumable upload's requests). */
export function freshAccessToken(): Promise<string | null> {
  return accessToken();
}

/** A non-OK answer, with its status and the message field of its body when there is one. */
export function readApiError(error: unknown): { status: number; message: string | null } | null {
  const match = error instanceof Error ? /^(\d{3}): ([\s\S]*)$/.exec(error.message) : null;
  if (!match) return null;
  let message: string | null = null;
  try {
    const body = JSON.parse(match[2]!) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) message = body.message;
  } catch {
    // not JSON: no message field to read
  }
  return { status: Number(match[1]), message };
}

export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = (await response.text()) || response.statusText;
  throw new Error(`${response.status}: ${text}`);
}

export async function apiRequest<T>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  const token = await accessToken();
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

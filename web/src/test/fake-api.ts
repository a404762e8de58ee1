import { vi } from 'vitest';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The JSON body sent, parsed; undefined without one. */
  body?: unknown;
}

/**
 * Answers the app's `fetch` calls with `answer`: a Response as it is, anything else as its JSON, undefined as a
 * 404. Returns the requests made, in order. Undo with `vi.unstubAllGlobals()`.
 */
export function fakeApi(answer: (request: FakeRequest) => unknown): FakeRequest[] {
  const requests: FakeRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const request = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      requests.push(request);
      const body = answer(request);
      if (body instanceof Response) return body;
      return body === undefined ? Response.json({ message: 'Not found' }, { status: 404 }) : Response.json(body);
    }),
  );
  return requests;
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './support/test-api';

let api: TestApi;
const lines: string[] = [];

beforeAll(async () => {
  api = await startTestApi({ LOG_LEVEL: 'info' }, { log: { write: (line: string) => void lines.push(line) } });
});

afterAll(async () => {
  await api?.stop();
});

/** What the request log kept of the requests whose URL contains `marker`. */
async function loggedUrls(marker: string): Promise<string[]> {
  // pino-http writes the line when the answer has been sent; give it the moment it takes.
  await new Promise((r) => setTimeout(r, 100));
  return lines
    .map((line) => JSON.parse(line) as { req?: { url?: string } })
    .map((entry) => entry.req?.url)
    .filter((url): url is string => !!url && url.includes(marker));
}

describe('the request log', () => {
  it('keeps no secret from a URL, whether the request was answered or refused', async () => {
    const secret = 'S3cr3tV4lue0123456789abcdefghijklmnopqrstuv';
    const session = '6f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b';
    const requests = [
      `/api/sessions/events?access_token=${secret}`,
      `/api/media/${secret}.${secret}`,
      `/idp/interaction/abc/verify?token=${secret}`,
      `/api/external-review/${session}/${secret}`,
      `/api/invitations/${secret}`,
      `/login?code=${secret}&state=${secret}`,
      `/api/sessions?X-Amz-Signature=${secret}&X-Amz-Credential=${secret}`,
    ];
    for (const path of requests) await (await fetch(`${api.url}${path}`)).arrayBuffer();
    const logged = [...(await loggedUrls('/api/')), ...(await loggedUrls('/idp/'))];
    expect(lines.join('\n')).not.toContain(secret);
    expect(logged).toEqual(
      expect.arrayContaining([
        '/api/sessions/events?access_token=[redacted]',
        '/api/media/[token]',
        '/idp/interaction/abc/verify?token=[redacted]',
        `/api/external-review/${session}/[token]`,
        '/api/invitations/[token]',
        '/api/sessions?X-Amz-Signature=[redacted]&X-Amz-Credential=[redacted]',
      ]),
    );
  });
});

import { type ExternalReviewDto, type ReviewCommentDto } from '@touchline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SCRIPT, DEMO_SECONDS } from '../src/demo/demo-recording';
import { startTestApi, type TestApi } from './support/test-api';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({ TRANSCRIBER: 'none' });
}, 120_000);

afterAll(async () => {
  await api?.stop();
});

describe('the built-in demo session', () => {
  it("is made by the product's own analysis from a generated recording, and open without sign-in", async () => {
    const res = await fetch(`${api.url}/api/demo/report`);
    expect(res.status).toBe(200);
    const demo = (await res.json()) as ExternalReviewDto;
    expect(demo.metrics.durationSeconds).toBeCloseTo(DEMO_SECONDS, 0);
    // The voice activity detector finds the scripted lines where they were spoken.
    expect(demo.segments.length).toBeGreaterThanOrEqual(DEMO_SCRIPT.length - 2);
    expect(demo.segments.length).toBeLessThanOrEqual(DEMO_SCRIPT.length + 2);
    expect(Math.abs(demo.segments[0]!.start - DEMO_SCRIPT[0].at)).toBeLessThan(0.6);
    expect(demo.scores).toHaveLength(5);
    expect(demo.transcript).toBeNull(); // analysed here without a transcriber

    const media = (await (await fetch(`${api.url}/api/demo/media`)).json()) as { url: string };
    const head = await fetch(media.url, { headers: { range: 'bytes=0-3' } });
    expect(head.status).toBe(206);
    expect(Buffer.from(await head.arrayBuffer()).toString()).toBe('RIFF');
    const size = Number((await fetch(media.url, { method: 'HEAD' })).headers.get('content-length'));
    expect(size).toBeLessThan(2_000_000);

    // Made once: the second answer is the stored one.
    expect(await (await fetch(`${api.url}/api/demo/report`)).json()).toEqual(demo);
  }, 120_000);

  it('shows sample comments read-only', async () => {
    const comments = (await (await fetch(`${api.url}/api/demo/comments`)).json()) as ReviewCommentDto[];
    expect(comments.length).toBeGreaterThan(2);
    expect(comments.every((c) => c.startSeconds <= DEMO_SECONDS)).toBe(true);
    expect((await fetch(`${api.url}/api/demo/comments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(405);
  });
});

import { mkdir, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import {
  PLAN_MESSAGES,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  type CreatedReviewLinkDto,
  type ExternalReviewDto,
  type ReviewCommentDto,
  type ReviewLinkDto,
} from '@touchline/shared';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRubric } from '../src/analysis/rubric/rubric';
import { REVIEW_THROTTLE } from '../src/reviews/review-throttle';
import { startMailCatcher } from './support/mail-catcher';
import { seedAnalysedSession, type SeededReport } from './support/seed-reports';
import { startTestApi, type TestApi } from './support/test-api';
import { bearer, registerCoach } from './support/tokens';

const rubric = loadRubric();
const RECORDING = Buffer.from('RIFF recording bytes for the review test');

let api: TestApi;
let db: Client;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let coach: string;
let coachEmail: string;
let rival: string;
let mine: SeededReport;
let second: SeededReport;
let theirs: SeededReport;
let addressCounter = 0;

/** Each test speaks from its own client address (the API trusts X-Forwarded-For here), so throttles stay apart. */
const freshAddress = () => `198.51.100.${++addressCounter}`;

const call = (method: string, route: string, options: { body?: unknown; token?: string; headers?: Record<string, string>; from?: string } = {}) =>
  fetch(`${api.url}${route}`, {
    method,
    headers: {
      ...(options.token ? bearer(options.token) : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      'x-forwarded-for': options.from ?? '203.0.113.1',
      ...options.headers,
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });

const userIdOf = async (sub: string) => ((await db.query('SELECT id FROM users WHERE identity_id = $1', [sub])).rows[0] as { id: string }).id;
const setPlan = (sub: string, plan: string) => db.query('UPDATE users SET plan = $2 WHERE identity_id = $1', [sub, plan]);

async function createLink(sessionId: string, body: Record<string, unknown> = {}, token = coach): Promise<CreatedReviewLinkDto> {
  const res = await call('POST', `/api/sessions/${sessionId}/review-links`, { token, body: { label: 'Alex (academy)', ...body } });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as CreatedReviewLinkDto;
}

/** `/api/external-review/{sessionId}/{token}` of a link's address. */
const apiPath = (url: string) => `/api${new URL(url).pathname}`;

const comment = (url: string, body: Record<string, unknown>, from = '203.0.113.1', headers: Record<string, string> = {}) =>
  call('POST', `${apiPath(url)}/comments`, { body: { authorName: 'Alex', body: 'Nice', startSeconds: 42, ...body }, from, headers });

async function expectUnavailable(res: Response) {
  expect(res.status).toBe(404);
  expect(await res.json()).toEqual({ statusCode: 404, message: REVIEW_MESSAGES.unavailable });
}

beforeAll(async () => {
  mail = await startMailCatcher();
  // setPlan changes plans in the database behind the API's back: the database announces it, and the API listens.
  api = await startTestApi({ TRANSCRIBER: 'none', TRUST_PROXY: 'true', SMTP_PORT: String(mail.smtpPort), SMTP_HOST: '127.0.0.1' });
  db = new Client({ connectionString: api.db.url });
  await db.connect();
  const me = await registerCoach(api, 'Reviewed Coach');
  coach = me.token;
  coachEmail = ((await db.query('SELECT email FROM users WHERE identity_id = $1', [me.sub])).rows[0] as { email: string }).email;
  await setPlan(me.sub, 'Pro');
  const other = await registerCoach(api, 'Other Coach');
  rival = other.token;
  await setPlan(other.sub, 'Elite');
  const utterances = [
    { start: 10, end: 16, text: 'Pass it wide and keep your shape.' },
    { start: 40, end: 45, text: 'What did you see there?' },
    { start: 80, end: 84, text: 'Great first touch Sam!' },
  ];
  mine = await seedAnalysedSession(db, await userIdOf(me.sub), rubric, { title: 'U12 passing drill', minute: 0, durationSeconds: 120, utterances });
  second = await seedAnalysedSession(db, await userIdOf(me.sub), rubric, { title: 'U12 second session', minute: 5, durationSeconds: 120, utterances });
  theirs = await seedAnalysedSession(db, await userIdOf(other.sub), rubric, { title: 'Rival session', minute: 1, durationSeconds: 120, utterances });
  // The seeded sessions' recordings, where the filesystem store keeps them.
  for (const s of [mine, second, theirs]) {
    await mkdir(path.join(api.dataDir, 'objects', 'sessions'), { recursive: true });
    await writeFile(path.join(api.dataDir, 'objects', 'sessions', s.id), RECORDING);
  }
}, 120_000);

afterAll(async () => {
  await db?.end();
  await api?.stop();
  await mail?.stop();
});

describe('making review links', () => {
  it('lets Pro and Elite coaches make a link, and refuses other plans', async () => {
    const created = await createLink(mine.id, { label: '  Alex  ' });
    expect(created.url).toMatch(new RegExp(`^${api.url}/external-review/${mine.id}/[A-Za-z0-9_-]{43}$`));
    expect(created.link).toMatchObject({
      label: 'Alex',
      showMedia: true,
      showTranscript: true,
      showScores: true,
      allowDownload: false,
      passwordProtected: false,
      views: 0,
      lastUsedAt: null,
      revokedAt: null,
    });
    // Default expiry: 14 days.
    const days = (Date.parse(created.link.expiresAt) - Date.parse(created.link.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(14, 2);
    // Only the SHA-256 of the token is stored.
    const token = created.url.split('/').pop()!;
    const { rows } = await db.query("SELECT token_hash, encode(sha256(convert_to($2, 'UTF8')), 'hex') AS expected FROM review_links WHERE id = $1", [
      created.link.id,
      token,
    ]);
    expect((rows[0].token_hash as Buffer).toString('hex')).toBe(rows[0].expected);
    expect(JSON.stringify(rows)).not.toContain(token);

    const sub = (await db.query(`SELECT identity_id FROM users WHERE plan = 'Pro'`)).rows[0].identity_id as string;
    for (const plan of ['Free Trial', 'Coach', 'Coach Plus', 'Goalkeeping Plus']) {
      await setPlan(sub, plan);
      const res = await call('POST', `/api/sessions/${mine.id}/review-links`, { token: coach, body: { label: 'Sam' } });
      expect(res.status, plan).toBe(403);
      expect(await res.json()).toEqual({ statusCode: 403, message: PLAN_MESSAGES.capabilityRequired('externalReview', ['Elite', 'Pro']) });
    }
    await setPlan(sub, 'Pro');
  });

  it('checks the body and refuses a session that is not analysed yet', async () => {
    for (const body of [
      { label: '' },
      { label: '   ' },
      { label: 'x'.repeat(81) },
      { label: 'A', expiresInDays: 0 },
      { label: 'A', expiresInDays: 91 },
      { label: 'A', password: '12345' },
      { label: 'A', showMedia: 'yes' },
      { label: 'A', admin: true },
    ]) {
      const res = await call('POST', `/api/sessions/${mine.id}/review-links`, { token: coach, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const pending = await call('POST', '/api/sessions', { token: coach, body: { title: 'Not yet', mediaType: 'audio', fileName: 'a.wav', sizeBytes: 1000 } });
    const { id } = ((await pending.json()) as { session: { id: string } }).session;
    const res = await call('POST', `/api/sessions/${id}/review-links`, { token: coach, body: { label: 'Alex' } });
    expect(res.status).toBe(409);
  });
});

describe('the token check', () => {
  it('opens the report with the right session id and token, and counts the views', async () => {
    const { url, link } = await createLink(mine.id);
    const res = await call('GET', apiPath(url));
    expect(res.status).toBe(200);
    const review = (await res.json()) as ExternalReviewDto;
    expect(review.session).toEqual({ id: mine.id, title: 'U12 passing drill', mediaType: 'audio', recordedAt: mine.createdAt.toISOString() });
    expect(review.metrics.durationSeconds).toBe(120);
    expect(review.scores).toEqual(mine.scores);
    expect(review.transcript).toEqual(mine.transcript);
    expect(JSON.stringify(review)).not.toMatch(/owner|email|originalFileName|session\.wav/);
    await call('GET', apiPath(url));
    const listed = (await (await call('GET', `/api/sessions/${mine.id}/review-links`, { token: coach })).json()) as ReviewLinkDto[];
    const mineListed = listed.find((l) => l.id === link.id)!;
    expect(mineListed.views).toBe(2);
    expect(mineListed.lastUsedAt).not.toBeNull();
  });

  it('answers one "no longer available" for a wrong token, another session, an expired or a revoked link', async () => {
    const from = freshAddress();
    const { url, link } = await createLink(mine.id);
    const token = url.split('/').pop()!;
    const other = await createLink(second.id);
    const otherToken = other.url.split('/').pop()!;
    const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    await expectUnavailable(await call('GET', `/api/external-review/${mine.id}/${wrong}`, { from }));
    await expectUnavailable(await call('GET', `/api/external-review/${mine.id}/short`, { from }));
    await expectUnavailable(await call('GET', `/api/external-review/not-a-uuid/${token}`, { from }));
    // A valid token with another session's id, of the same coach or another.
    await expectUnavailable(await call('GET', `/api/external-review/${second.id}/${token}`, { from }));
    await expectUnavailable(await call('GET', `/api/external-review/${theirs.id}/${token}`, { from }));
    await expectUnavailable(await call('GET', `/api/external-review/${mine.id}/${otherToken}`, { from }));
    // Expired.
    await db.query(`UPDATE review_links SET expires_at = now() - interval '1 second' WHERE id = $1`, [other.link.id]);
    await expectUnavailable(await call('GET', apiPath(other.url), { from }));
    // Revoked.
    expect((await call('GET', apiPath(url), { from })).status).toBe(200);
    expect((await call('DELETE', `/api/sessions/${mine.id}/review-links/${link.id}`, { token: coach })).status).toBe(204);
    await expectUnavailable(await call('GET', apiPath(url), { from }));
    const listed = (await (await call('GET', `/api/sessions/${mine.id}/review-links`, { token: coach })).json()) as ReviewLinkDto[];
    expect(listed.find((l) => l.id === link.id)!.revokedAt).not.toBeNull();
  });

  it('asks for the password, refuses a wrong one, and checks it again on every route', async () => {
    const from = freshAddress();
    const { url, link } = await createLink(mine.id, { password: 'pässwort 42' });
    expect(link.passwordProtected).toBe(true);
    const routes = [
      ['GET', ''],
      ['GET', '/media'],
      ['GET', '/comments'],
      ['POST', '/comments'],
    ] as const;
    for (const [method, suffix] of routes) {
      const body = method === 'POST' ? { authorName: 'Alex', body: 'Hi', startSeconds: 1 } : undefined;
      const none = await call(method, `${apiPath(url)}${suffix}`, { from, body });
      expect(none.status, suffix).toBe(401);
      expect(await none.json()).toEqual({ statusCode: 401, message: REVIEW_MESSAGES.passwordRequired });
      const wrong = await call(method, `${apiPath(url)}${suffix}`, { from, body, headers: { 'x-review-password': 'wrong-one' } });
      expect(await wrong.json()).toEqual({ statusCode: 401, message: REVIEW_MESSAGES.wrongPassword });
      const right = await call(method, `${apiPath(url)}${suffix}`, { from, body, headers: { 'x-review-password': encodeURIComponent('pässwort 42') } });
      expect(right.status, suffix).toBe(method === 'POST' ? 201 : 200);
    }
    const { rows } = await db.query('SELECT password_hash FROM review_links WHERE id = $1', [link.id]);
    expect(rows[0].password_hash).toMatch(/^scrypt\$/);
  });

  it('throttles guessing: an address that keeps failing waits, even with a right token', async () => {
    const from = freshAddress();
    const { url } = await createLink(mine.id);
    for (let i = 0; i < REVIEW_THROTTLE.addressFailures; i++) {
      await expectUnavailable(await call('GET', `/api/external-review/${mine.id}/${'A'.repeat(43)}`, { from }));
    }
    const blocked = await call('GET', apiPath(url), { from });
    expect(blocked.status).toBe(429);
    // Another address is not held up.
    expect((await call('GET', apiPath(url), { from: freshAddress() })).status).toBe(200);
  });

  it('refuses one address that keeps guessing a link’s password, never the reviewer at another address', async () => {
    const { url } = await createLink(mine.id, { password: 'secret-pass' });
    const guesser = freshAddress();
    for (let i = 0; i < REVIEW_THROTTLE.linkPasswordFailures; i++) {
      expect((await call('GET', apiPath(url), { from: guesser, headers: { 'x-review-password': `guess-${i}` } })).status).toBe(401);
    }
    expect((await call('GET', apiPath(url), { from: guesser, headers: { 'x-review-password': 'secret-pass' } })).status).toBe(429);
    expect((await call('GET', apiPath(url), { from: freshAddress(), headers: { 'x-review-password': 'secret-pass' } })).status).toBe(200);
  });

  it('slows a link guessed from many addresses instead of shutting it, and not for a reviewer who gave the password', async () => {
    const { url } = await createLink(mine.id, { password: 'secret-pass' });
    const reviewer = freshAddress();
    expect((await call('GET', apiPath(url), { from: reviewer, headers: { 'x-review-password': 'secret-pass' } })).status).toBe(200);
    for (let i = 0; i < REVIEW_THROTTLE.linkSlowDownAfter + 2; i++) {
      const res = await call('GET', apiPath(url), { from: freshAddress(), headers: { 'x-review-password': `guess-${i}` } });
      expect(res.status).toBe(401);
    }
    // A newcomer with the right password gets in, after the slow-down.
    const started = Date.now();
    expect((await call('GET', apiPath(url), { from: freshAddress(), headers: { 'x-review-password': 'secret-pass' } })).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(REVIEW_THROTTLE.slowDownMs - 50);
    // The reviewer who already gave it goes on at full speed.
    const again = Date.now();
    expect((await call('GET', apiPath(url), { from: reviewer, headers: { 'x-review-password': 'secret-pass' } })).status).toBe(200);
    expect(Date.now() - again).toBeLessThan(REVIEW_THROTTLE.slowDownMs);
  });
});

describe('what a link shows', () => {
  it('leaves out what the coach keeps back, and serves the recording through a short-lived URL', async () => {
    const { url } = await createLink(mine.id, { showScores: false, showTranscript: false, showMedia: false });
    const review = (await (await call('GET', apiPath(url))).json()) as ExternalReviewDto;
    expect(review.scores).toBeNull();
    expect(review.transcript).toBeNull();
    expect(review.codeCounts).toBeNull();
    expect(review.review).toMatchObject({ showMedia: false, showScores: false, showTranscript: false, allowDownload: false });
    const media = await call('GET', `${apiPath(url)}/media`);
    expect(media.status).toBe(403);
    expect(await media.json()).toEqual({ statusCode: 403, message: REVIEW_MESSAGES.mediaNotShared });

    const shared = await createLink(mine.id);
    const res = await call('GET', `${apiPath(shared.url)}/media`);
    expect(res.status).toBe(200);
    const { url: mediaUrl, expiresAt } = (await res.json()) as { url: string; expiresAt: string };
    // A minute: the page renews it while open, so a revoked link stops streaming within a minute.
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(REVIEW_LIMITS.mediaUrlSeconds * 1000);
    const bytes = await fetch(mediaUrl, { headers: { range: 'bytes=0-3' } });
    expect(bytes.status).toBe(206);
    expect(Buffer.from(await bytes.arrayBuffer()).toString()).toBe('RIFF');
  });

  it("rests while the coach's plan does not open external review, and works again when it does", async () => {
    const { url } = await createLink(mine.id);
    expect((await call('GET', apiPath(url))).status).toBe(200);
    await db.query('UPDATE users SET plan = $2 WHERE email = $1', [coachEmail, 'Free Trial']);
    try {
      await expect.poll(async () => (await call('GET', apiPath(url), { from: freshAddress() })).status, { timeout: 10_000 }).toBe(404);
      const resting = await call('GET', `${apiPath(url)}/media`, { from: freshAddress() });
      expect(await resting.json()).toEqual({ statusCode: 404, message: REVIEW_MESSAGES.unavailable });
    } finally {
      await db.query('UPDATE users SET plan = $2 WHERE email = $1', [coachEmail, 'Pro']);
    }
    expect((await call('GET', apiPath(url), { from: freshAddress() })).status).toBe(200);
  });
});

describe('the IDOR matrix', () => {
  it("opens no link route with another session's id, a coach's sign-in, or a dead link", async () => {
    const live = await createLink(mine.id);
    const token = live.url.split('/').pop()!;
    const revoked = await createLink(mine.id);
    await call('DELETE', `/api/sessions/${mine.id}/review-links/${revoked.link.id}`, { token: coach });
    const expired = await createLink(mine.id);
    await db.query(`UPDATE review_links SET expires_at = now() - interval '1 second' WHERE id = $1`, [expired.link.id]);
    const routes = [
      ['GET', ''],
      ['GET', '/media'],
      ['GET', '/comments'],
      ['POST', '/comments'],
    ] as const;
    const cases: [string, string, Record<string, string>][] = [
      ['another session of the coach', `/api/external-review/${second.id}/${token}`, {}],
      ["another coach's session", `/api/external-review/${theirs.id}/${token}`, {}],
      ['the coach signed in, no token', `/api/external-review/${mine.id}/${'x'.repeat(43)}`, bearer(coach)],
      ['a revoked link', apiPath(revoked.url), {}],
      ['an expired link', apiPath(expired.url), {}],
    ];
    for (const [name, base, headers] of cases) {
      for (const [method, suffix] of routes) {
        const from = freshAddress();
        const body = method === 'POST' ? { authorName: 'Mallory', body: 'x', startSeconds: 1 } : undefined;
        const res = await call(method, `${base}${suffix}`, { from, body, headers });
        expect(res.status, `${name} ${method} ${suffix}`).toBe(404);
        expect(await res.json()).toEqual({ statusCode: 404, message: REVIEW_MESSAGES.unavailable });
      }
    }
    expect(Number((await db.query(`SELECT count(*) FROM review_comments WHERE author_name = 'Mallory'`)).rows[0].count)).toBe(0);
    // A link token opens no route of the coach's account.
    for (const route of [
      `/api/sessions/${mine.id}`,
      `/api/sessions/${mine.id}/report`,
      `/api/sessions/${mine.id}/media`,
      `/api/sessions/${mine.id}/review-links`,
      `/api/sessions/${mine.id}/review-comments`,
      '/api/sessions',
    ]) {
      expect((await call('GET', route, { token })).status, route).toBe(401);
      expect((await call('GET', route, { headers: { 'x-review-password': token } })).status, route).toBe(401);
    }
  });

  it("keeps another coach away from a coach's links and comments", async () => {
    const { url, link } = await createLink(mine.id);
    const posted = (await (await comment(url, { body: 'Look at the shape here' })).json()) as ReviewCommentDto;
    const attempts: [string, string, unknown][] = [
      ['GET', `/api/sessions/${mine.id}/review-links`, undefined],
      ['POST', `/api/sessions/${mine.id}/review-links`, { label: 'Steal' }],
      ['DELETE', `/api/sessions/${mine.id}/review-links/${link.id}`, undefined],
      ['DELETE', `/api/sessions/${theirs.id}/review-links/${link.id}`, undefined],
      ['GET', `/api/sessions/${mine.id}/review-comments`, undefined],
      ['PATCH', `/api/sessions/${mine.id}/review-comments/${posted.id}`, { resolved: true }],
      ['PATCH', `/api/sessions/${theirs.id}/review-comments/${posted.id}`, { resolved: true }],
    ];
    for (const [method, route, body] of attempts) {
      const res = await call(method, route, { token: rival, body });
      expect(res.status, `${method} ${route}`).toBe(404);
    }
    // Nothing changed: the link works and the comment is open.
    expect((await call('GET', apiPath(url))).status).toBe(200);
    const comments = (await (await call('GET', `/api/sessions/${mine.id}/review-comments`, { token: coach })).json()) as ReviewCommentDto[];
    expect(comments.find((c) => c.id === posted.id)!.resolvedAt).toBeNull();
    // The coach's own link id under another of the coach's sessions is not found either.
    expect((await call('DELETE', `/api/sessions/${second.id}/review-links/${link.id}`, { token: coach })).status).toBe(404);
    // Without sign-in, every coach route is 401.
    expect((await call('GET', `/api/sessions/${mine.id}/review-links`)).status).toBe(401);
  });
});

describe('comments', () => {
  it('pins comments to a moment, takes replies, and shows each reviewer only their own link', async () => {
    const { url } = await createLink(second.id, { label: 'Jo' });
    const otherLink = await createLink(second.id, { label: 'Kim' });
    const res = await comment(url, { authorName: ' Jo ', body: '<b>Shape</b> at 0:42 <script>alert(1)</script>', startSeconds: 42, endSeconds: 50 });
    expect(res.status).toBe(201);
    const first = (await res.json()) as ReviewCommentDto;
    expect(first).toMatchObject({
      authorName: 'Jo',
      body: '<b>Shape</b> at 0:42 <script>alert(1)</script>',
      startSeconds: 42,
      endSeconds: 50,
      parentId: null,
      linkLabel: null,
    });
    const reply = (await (await comment(url, { authorName: 'Jo', body: 'And again', startSeconds: 100, parentId: first.id })).json()) as ReviewCommentDto;
    expect(reply).toMatchObject({ parentId: first.id, startSeconds: 42, endSeconds: 50 });
    await comment(otherLink.url, { authorName: 'Kim', body: 'Other view', startSeconds: 5 });

    const seenByJo = (await (await call('GET', `${apiPath(url)}/comments`)).json()) as ReviewCommentDto[];
    expect(seenByJo.map((c) => c.body)).toEqual([first.body, 'And again']);
    // Replying to another link's comment is refused.
    const kims = ((await (await call('GET', `${apiPath(otherLink.url)}/comments`)).json()) as ReviewCommentDto[])[0]!;
    const cross = await comment(url, { parentId: kims.id });
    expect(cross.status).toBe(400);
    expect(await cross.json()).toEqual({ statusCode: 400, message: REVIEW_MESSAGES.parentNotFound });

    // The coach sees every comment, in the order of the recording, with the link's label, and resolves one.
    const forCoach = (await (await call('GET', `/api/sessions/${second.id}/review-comments`, { token: coach })).json()) as ReviewCommentDto[];
    expect(forCoach.map((c) => [c.startSeconds, c.linkLabel])).toEqual([
      [5, 'Kim'],
      [42, 'Jo'],
      [42, 'Jo'],
    ]);
    const resolved = await call('PATCH', `/api/sessions/${second.id}/review-comments/${first.id}`, { token: coach, body: { resolved: true } });
    expect(resolved.status).toBe(200);
    expect(((await resolved.json()) as ReviewCommentDto).resolvedAt).not.toBeNull();
    const reopened = (await (
      await call('PATCH', `/api/sessions/${second.id}/review-comments/${first.id}`, { token: coach, body: { resolved: false } })
    ).json()) as ReviewCommentDto;
    expect(reopened.resolvedAt).toBeNull();
  });

  it('refuses bad comments with a clear message and stores nothing', async () => {
    const { url, link } = await createLink(mine.id);
    const bad: [Record<string, unknown>, string][] = [
      [{ authorName: '' }, REVIEW_MESSAGES.authorName],
      [{ authorName: '   ' }, REVIEW_MESSAGES.authorName],
      [{ authorName: 'x'.repeat(61) }, REVIEW_MESSAGES.authorName],
      [{ body: '' }, REVIEW_MESSAGES.commentBody],
      [{ body: 'x'.repeat(2001) }, REVIEW_MESSAGES.commentBody],
      [{ body: 42 }, REVIEW_MESSAGES.commentBody],
      [{ startSeconds: -1 }, REVIEW_MESSAGES.commentTime],
      [{ startSeconds: '42' }, REVIEW_MESSAGES.commentTime],
      [{ startSeconds: 121 }, REVIEW_MESSAGES.commentTime],
      [{ startSeconds: 50, endSeconds: 50 }, REVIEW_MESSAGES.commentTime],
      [{ startSeconds: 50, endSeconds: 130 }, REVIEW_MESSAGES.commentTime],
      [{ parentId: 'nope' }, REVIEW_MESSAGES.parentNotFound],
      [{ parentId: '00000000-0000-4000-8000-000000000000' }, REVIEW_MESSAGES.parentNotFound],
    ];
    for (const [body, message] of bad) {
      const res = await comment(url, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { message: string }).message, JSON.stringify(body)).toContain(message);
    }
    expect((await comment(url, { linkId: 'x' })).status).toBe(400);
    expect((await comment(url, { body: 'x'.repeat(2000) })).status).toBe(201);
    expect(Number((await db.query('SELECT count(*) FROM review_comments WHERE link_id = $1', [link.id])).rows[0].count)).toBe(1);
  });

  it('limits how many comments a link takes in a short time', async () => {
    const { url } = await createLink(mine.id);
    for (let i = 0; i < REVIEW_THROTTLE.linkComments; i++) {
      expect((await comment(url, { body: `c${i}` }, freshAddress())).status).toBe(201);
    }
    const res = await comment(url, { body: 'one too many' }, freshAddress());
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ statusCode: 429, message: REVIEW_MESSAGES.tooManyComments });
  });

  it('emails the coach when a review arrives, once an hour per link', async () => {
    const subject = /New review of "U12 passing drill"/;
    const before = (await mail.inbox(coachEmail)).filter((m) => subject.test(m.subject)).length;
    const { url } = await createLink(mine.id, { label: 'Pat from the FA' });
    await comment(url, { authorName: 'Pat', body: 'Your questions at 0:42 work well.' });
    const message = await mail.waitForMail(coachEmail, subject, before);
    expect(message.text).toContain('Pat left a comment');
    expect(message.text).toContain('Pat from the FA');
    expect(message.text).toContain(`${api.url}/sessions/${mine.id}`);
    await comment(url, { authorName: 'Pat', body: 'And one more.' });
    await new Promise((r) => setTimeout(r, 1000));
    expect((await mail.inbox(coachEmail)).filter((m) => m.text.includes('Pat from the FA'))).toHaveLength(1);
  });

  it('closes the link when the session is deleted', async () => {
    const extra = await seedAnalysedSession(db, (await db.query(`SELECT owner_id FROM coaching_sessions WHERE id = $1`, [mine.id])).rows[0].owner_id, rubric, {
      title: 'Short-lived',
      minute: 9,
      durationSeconds: 60,
      utterances: [{ start: 1, end: 3, text: null }],
    });
    const { url } = await createLink(extra.id);
    expect((await call('GET', apiPath(url))).status).toBe(200);
    expect((await call('DELETE', `/api/sessions/${extra.id}`, { token: coach })).status).toBe(204);
    await expectUnavailable(await call('GET', apiPath(url)));
  });
});

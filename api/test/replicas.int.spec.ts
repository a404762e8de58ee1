import { CONTACT_LIMITS, IDENTITY_ERROR_MESSAGES } from '@touchline/shared';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRubric } from '../src/analysis/rubric/rubric';
import { REVIEW_THROTTLE } from '../src/reviews/review-throttle';
import { INVITATION_LOOKUPS_PER_ADDRESS } from '../src/teams/team-throttle';
import { Agent, pkce } from './support/browserless-oidc';
import { EmbeddedIdpClient } from './support/embedded-idp-client';
import { startMailCatcher } from './support/mail-catcher';
import { startReplicas, type Replicas } from './support/replicas';
import { seedAnalysedSession } from './support/seed-reports';
import { assignPlan, bearer, registerCoach } from './support/tokens';

let stack: Replicas;
let a: string;
let b: string;
let db: Client;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let coach: { token: string; sub: string };

beforeAll(async () => {
  mail = await startMailCatcher();
  // Two API replicas on one database, as a deployment runs them behind one nginx without sticky sessions.
  stack = await startReplicas(2, { BACKGROUND_JOBS: 'false', TRUST_PROXY: 'true', SMTP_HOST: '127.0.0.1', SMTP_PORT: String(mail.smtpPort) });
  [a, b] = stack.replicas.map((r) => r.url) as [string, string];
  db = new Client({ connectionString: stack.db.url });
  await db.connect();
  coach = await registerCoach({ url: stack.publicUrl, db: stack.db }, 'Replica Coach', 'Pro');
}, 120_000);

afterAll(async () => {
  await db?.end();
  await stack?.stop();
  await mail?.stop();
});

/** A browser whose requests to the public address reach one replica: the proxy's pick, made here by the test. */
class ReplicaAgent extends Agent {
  constructor(private readonly replica: string) {
    super();
  }

  override request(url: string, init: RequestInit = {}): Promise<Response> {
    return super.request(url.replace(stack.publicUrl, this.replica), init);
  }
}

/** Sends `tries` requests alternating between the replicas (A first); answers their statuses, then the next try's at each replica. */
async function alternate(tries: number, send: (at: string, i: number) => Promise<Response>): Promise<{ statuses: number[]; after: number[] }> {
  const statuses: number[] = [];
  for (let i = 0; i < tries; i++) statuses.push((await send(i % 2 ? b : a, i)).status);
  const after = [(await send(a, tries)).status, (await send(b, tries + 1)).status];
  return { statuses, after };
}

const post = (at: string, route: string, body: unknown, from: string) =>
  fetch(`${at}${route}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': from }, body: JSON.stringify(body) });

describe('throttles across two API replicas: tries at either count together', { timeout: 120_000 }, () => {
  it('a review link refuses an address after the same number of wrong passwords as on one replica', async () => {
    await assignPlan(stack.db.url, `${coach.sub}@club.example`, 'Pro');
    const owner = (await db.query<{ id: string }>('SELECT id FROM users WHERE identity_id = $1', [coach.sub])).rows[0]!.id;
    const seeded = await seedAnalysedSession(db, owner, loadRubric(), {
      title: 'Reviewed',
      minute: 0,
      durationSeconds: 60,
      utterances: [{ start: 5, end: 9, text: 'Well done.' }],
    });
    const made = await fetch(`${a}/api/sessions/${seeded.id}/review-links`, {
      method: 'POST',
      headers: { ...bearer(coach.token), 'content-type': 'application/json' },
      body: JSON.stringify({ label: 'Alex', password: 'secret-pass' }),
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const route = `/api${new URL(((await made.json()) as { url: string }).url).pathname}`;
    const guess = (at: string, password: string, from = '198.51.100.10') =>
      fetch(`${at}${route}`, { headers: { 'x-forwarded-for': from, 'x-review-password': password } });

    const { statuses, after } = await alternate(REVIEW_THROTTLE.linkPasswordFailures, (at, i) => guess(at, `guess-${i}`));
    expect(statuses).toEqual(Array(REVIEW_THROTTLE.linkPasswordFailures).fill(401));
    expect(after).toEqual([429, 429]);
    expect((await guess(b, 'secret-pass')).status).toBe(429);
    // The reviewer at another address is let in, at either replica.
    expect((await guess(a, 'secret-pass', '198.51.100.11')).status).toBe(200);
    expect((await guess(b, 'secret-pass', '198.51.100.11')).status).toBe(200);
  });

  it('the sign-in page makes an address wait after five wrong passwords, whichever replica each came to', async () => {
    const idp = new EmbeddedIdpClient(stack.publicUrl, mail.waitForMail);
    const owner = 'replica-owner@club.example';
    await idp.signUp(owner, 'right-secret-1');
    const attempt = (at: string, password: string, from: string) => idp.submitLogin(new ReplicaAgent(at), pkce().challenge, owner, password, from);
    for (let i = 0; i < 5; i++)
      expect((await attempt(i % 2 ? b : a, `guess-${i}`, '198.18.9.1')).html).toContain(IDENTITY_ERROR_MESSAGES['invalid-credential']);
    for (const at of [a, b]) {
      const waiting = await attempt(at, 'right-secret-1', '198.18.9.1');
      expect(waiting.status).toBe(429);
      expect(waiting.html).toContain(IDENTITY_ERROR_MESSAGES['too-many-requests']);
    }
    // The owner at another address signs in at either replica.
    expect((await attempt(a, 'right-secret-1', '198.18.9.2')).callback).toBeTruthy();
    expect((await attempt(b, 'right-secret-1', '198.18.9.3')).callback).toBeTruthy();
  });

  it('the contact form, password reset and verification resend refuse an address at the same count as one replica does', async () => {
    const contact = (at: string, i: number) =>
      post(
        at,
        '/api/help/contact',
        // The honeypot answers like a real request and sends no mail; it counts all the same.
        { name: 'Sam', email: `sam-${i}@club.example`, topic: 'Recording and uploads', message: 'Hello there, a question.', website: 'x' },
        '198.51.100.20',
      );
    expect(await alternate(CONTACT_LIMITS.perClientPerHour, contact)).toEqual({
      statuses: Array(CONTACT_LIMITS.perClientPerHour).fill(201),
      after: [429, 429],
    });

    const reset = (at: string, i: number) => post(at, '/api/auth/reset-password-request', { email: `nobody-${i}@club.example` }, '198.51.100.21');
    expect(await alternate(10, reset)).toEqual({ statuses: Array(10).fill(202), after: [429, 429] });

    const resend = (at: string, i: number) => post(at, '/api/auth/resend-verification', { email: `nobody-${i}@club.example` }, '198.51.100.22');
    expect(await alternate(10, resend)).toEqual({ statuses: Array(10).fill(202), after: [429, 429] });
  });

  it('invitation lookups and assistant questions count per address across the replicas', async () => {
    const lookup = (at: string) => fetch(`${at}/api/invitations/${'B'.repeat(43)}`, { headers: { 'x-forwarded-for': '198.51.100.30' } });
    expect(await alternate(INVITATION_LOOKUPS_PER_ADDRESS, lookup)).toEqual({ statuses: Array(INVITATION_LOOKUPS_PER_ADDRESS).fill(404), after: [429, 429] });

    const ask = (at: string) => post(at, '/api/help/assistant', { question: 'How do I upload a session?' }, '198.51.100.31');
    expect(await alternate(30, ask)).toEqual({ statuses: Array(30).fill(200), after: [429, 429] });
  });
});

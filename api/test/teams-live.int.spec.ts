import { SESSION_EVENTS, type UserDto } from '@touchline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from './support/event-stream';
import { startMailCatcher } from './support/mail-catcher';
import { startTestApi, type TestApi } from './support/test-api';
import { assignPlan, bearer, embeddedSigningKey, mint } from './support/tokens';

const INSTALLER = 'installer@club.example';
let api: TestApi;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let signing: Awaited<ReturnType<typeof embeddedSigningKey>>;

const call = (token: string, method: string, route: string, body?: unknown) =>
  fetch(`${api.url}${route}`, {
    method,
    headers: { ...bearer(token), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });

/** A coach registered on plan Coach with a chosen email. */
async function register(name: string, email: string): Promise<{ token: string; id: string }> {
  const sub = `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}`;
  const token = await mint(signing, { sub, email, email_verified: true, iss: `${api.url}/idp`, aud: 'touchline-api' }, '1h');
  const res = await call(token, 'POST', '/api/auth/register', { identityId: sub, username: name, email, plan: 'Coach' });
  if (res.status !== 201) throw new Error(`register failed: ${res.status}`);
  // Sign-up starts on Free Trial; the club gives the plan (before any request, so nothing is cached yet).
  await assignPlan(api.db.url, email, 'Coach');
  return { token, id: ((await res.json()) as UserDto).id };
}

const check = async (token: string) => (await (await call(token, 'GET', '/api/auth/check')).json()) as UserDto;

beforeAll(async () => {
  mail = await startMailCatcher();
  // The user cache keeps its default lifetime: a change made through the team routes must clear it, and nothing here
  // changes users behind the API's back.
  api = await startTestApi({
    TRANSCRIBER: 'none',
    BACKGROUND_JOBS: 'false',
    SMTP_PORT: String(mail.smtpPort),
    SMTP_HOST: '127.0.0.1',
    ADMIN_EMAILS: INSTALLER,
  });
  signing = await embeddedSigningKey(api.db.url);
}, 120_000);

afterAll(async () => {
  await api?.stop();
  await mail?.stop();
});

describe('plan and role changes made by the team routes', () => {
  it('reach the coach’s next request and live stream at once: joining, a new role, removal', async () => {
    const installer = await register('Installer', INSTALLER);
    const founder = await register('Live Founder', 'live.founder@club.example');
    const coach = await register('Live Coach', 'live.coach@club.example');
    expect((await call(installer.token, 'PUT', '/api/admin/users/plan', { email: 'live.founder@club.example', plan: 'Elite' })).status).toBe(200);
    expect((await call(founder.token, 'GET', '/api/team')).status).toBe(200);

    expect(await check(coach.token)).toMatchObject({ plan: 'Coach', eliteRole: null }); // now cached
    const stream = await openEventStream(api.url, coach.token);
    const accountEvents = () => stream.messages.filter((m) => m.event === SESSION_EVENTS.accountEvent).length;
    try {
      expect((await call(founder.token, 'POST', '/api/team/invitations', { email: 'live.coach@club.example', role: 'Elite Coach' })).status).toBe(201);
      const link = (await mail.waitForMail('live.coach@club.example', /invited to join/)).text;
      const token = /token=([A-Za-z0-9_-]{43})/.exec(link)![1]!;
      expect((await call(coach.token, 'POST', `/api/invitations/${token}/accept`)).status).toBe(200);
      expect(await check(coach.token)).toMatchObject({ plan: 'Elite', eliteRole: 'Elite Coach' });
      await expect.poll(accountEvents, { timeout: 10_000 }).toBe(1);

      expect((await call(founder.token, 'PUT', `/api/team/members/${coach.id}/role`, { role: 'Elite Admin' })).status).toBe(200);
      expect(await check(coach.token)).toMatchObject({ plan: 'Elite', eliteRole: 'Elite Admin' });
      await expect.poll(accountEvents, { timeout: 10_000 }).toBe(2);

      expect((await call(founder.token, 'DELETE', `/api/team/members/${coach.id}`)).status).toBe(204);
      expect(await check(coach.token)).toMatchObject({ plan: 'Coach', eliteRole: null });
      await expect.poll(accountEvents, { timeout: 10_000 }).toBe(3);
    } finally {
      stream.close();
    }
  });
});

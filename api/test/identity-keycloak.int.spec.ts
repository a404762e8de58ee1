import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_ERROR_MESSAGES } from '@touchline/shared';
import { freePort, startMailCatcher } from './support/mail-catcher';
import { startTestKeycloak } from './support/keycloak';
import { startTestApi, type TestApi } from './support/test-api';
import { bearer, decode, tampered, unsecured } from './support/tokens';
import { Agent } from './support/browserless-oidc';

let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let keycloak: Awaited<ReturnType<typeof startTestKeycloak>>;
let api: TestApi;
let coach: { access_token: string; id_token: string; sub: string };

const email = 'kc-coach@club.example';
const password = 'secret-123';

beforeAll(async () => {
  mail = await startMailCatcher();
  const port = await freePort();
  keycloak = await startTestKeycloak(`http://127.0.0.1:${port}`, mail.smtpPort);
  api = await startTestApi(
    {
      IDENTITY_PROVIDER: 'keycloak',
      KEYCLOAK_URL: keycloak.url,
      KEYCLOAK_ADMIN_CLIENT_SECRET: keycloak.adminSecret,
      SMTP_PORT: String(mail.smtpPort),
      TRUST_PROXY: 'true',
    },
    { port },
  );
  await keycloak.createUser(email, password);
  const tokens = await keycloak.signIn(email, password);
  coach = { ...tokens, sub: decode(tokens.access_token).sub as string };
}, 300_000);

afterAll(async () => {
  await api?.stop();
  await keycloak?.stop();
  await mail?.stop();
});

const body = async (res: Response) => (await res.json()) as Record<string, unknown>;
const call = (method: string, path: string, token?: string, payload?: unknown) =>
  fetch(`${api.url}${path}`, {
    method,
    headers: { 'x-forwarded-for': '192.0.2.10', ...(token ? bearer(token) : {}), ...(payload ? { 'content-type': 'application/json' } : {}) },
    body: payload ? JSON.stringify(payload) : undefined,
  });

describe('tokens (Keycloak)', () => {
  it('Keycloak access tokens are addressed to the API and carry the verified email', () => {
    expect(decode(coach.access_token)).toMatchObject({ aud: 'touchline-api', iss: `${keycloak.url}/realms/touchline`, email, email_verified: true });
  });

  it.each([
    ['no token', () => undefined],
    ['an alg:none token', () => unsecured(coach.access_token)],
    ['a tampered token', () => tampered(coach.access_token)],
    ['the ID token (wrong audience)', () => coach.id_token],
    ['a master-realm admin token (wrong issuer)', () => keycloak.masterAdminToken()],
    ["the admin client's own token (wrong audience)", () => keycloak.adminClientToken()],
  ])('refuses %s with 401', async (_name, token) => {
    const res = await call('GET', '/api/auth/check', await token());
    expect(res.status).toBe(401);
  });

  it('refuses an expired token', async () => {
    const clients = (await (await keycloak.admin('GET', '/clients?clientId=touchline-web')).json()) as { id: string; attributes: Record<string, string> }[];
    const client = clients[0]!;
    await keycloak.admin('PUT', `/clients/${client.id}`, { ...client, attributes: { ...client.attributes, 'access.token.lifespan': '1' } });
    const shortLived = await keycloak.signIn(email, password);
    await keycloak.admin('PUT', `/clients/${client.id}`, client);
    expect((await call('GET', '/api/auth/check', shortLived.access_token)).status).toBe(404);
    await new Promise((r) => setTimeout(r, 7000)); // past the lifespan and the verifier's 5 s clock tolerance
    expect((await call('GET', '/api/auth/check', shortLived.access_token)).status).toBe(401);
  }, 30_000);
});

describe('/api/auth with Keycloak', () => {
  it("refuses another subject's identityId with 403", async () => {
    const res = await call('POST', '/api/auth/register', coach.access_token, { identityId: 'someone-else', username: 'Kc', email, plan: 'Coach' });
    expect(res.status).toBe(403);
  });

  it('registers, logs in, checks, and answers 409 for a second registration', async () => {
    const created = await call('POST', '/api/auth/register', coach.access_token, { identityId: coach.sub, username: 'Kc Coach', email, plan: 'Coach Plus' });
    expect(created.status).toBe(201);
    expect(await body(created)).toMatchObject({ identityId: coach.sub, plan: 'Free Trial', eliteRole: null, requestedPlan: 'Coach Plus' });
    expect((await call('POST', '/api/auth/login', coach.access_token, { identityId: coach.sub, email })).status).toBe(200);
    expect((await call('GET', '/api/auth/check', coach.access_token)).status).toBe(200);
    const again = await call('POST', '/api/auth/register', coach.access_token, { identityId: coach.sub, username: 'Kc Coach', email, plan: 'Coach' });
    expect(again.status).toBe(409);
  });

  it('publishes the Keycloak client configuration', async () => {
    expect(await body(await call('GET', '/api/auth/config'))).toEqual({
      provider: 'keycloak',
      url: keycloak.url,
      realm: 'touchline',
      clientId: 'touchline-web',
    });
  });
});

describe('password reset through the Keycloak admin API', () => {
  const who = 'kc-reset@club.example';

  it('answers unknown and known emails alike, and sets the new password with the emailed code', async () => {
    await keycloak.createUser(who, password);
    const known = await call('POST', '/api/auth/reset-password-request', undefined, { email: who });
    const unknown = await call('POST', '/api/auth/reset-password-request', undefined, { email: 'nobody@club.example' });
    expect(unknown.status).toBe(known.status);
    expect(await body(unknown)).toEqual(await body(known));

    const code = /\b(\d{6})\b/.exec((await mail.waitForMail(who, /password reset code/)).text)![1]!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await call('POST', '/api/auth/reset-password-confirm', undefined, { email: who, code: wrong, newPassword: 'kc-new-secret' })).status).toBe(400);
    expect((await call('POST', '/api/auth/reset-password-confirm', undefined, { email: who, code, newPassword: 'kc-new-secret' })).status).toBe(200);

    expect((await keycloak.signIn(who, 'kc-new-secret')).access_token).toBeTruthy();
    expect(await mail.inbox('nobody@club.example')).toEqual([]);
  }, 60_000);
});

describe('a password reset ends what the old password opened (Keycloak)', () => {
  it('the old refresh token and a prompt=none sign-in with the old cookies fail after the reset', async () => {
    const who = 'kc-sessions@club.example';
    await keycloak.createUser(who, password);
    const before = await keycloak.signIn(who, password);
    expect(before.refresh_token).toBeTruthy();
    expect((await keycloak.silentSignIn(before.agent)).get('code')).toBeTruthy();

    expect((await call('POST', '/api/auth/reset-password-request', undefined, { email: who })).status).toBe(202);
    const code = /\b(\d{6})\b/.exec((await mail.waitForMail(who, /password reset code/)).text)![1]!;
    expect((await call('POST', '/api/auth/reset-password-confirm', undefined, { email: who, code, newPassword: 'kc-after-reset' })).status).toBe(200);

    const refused = await keycloak.refresh(before.refresh_token!);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe('invalid_grant');
    expect((await keycloak.silentSignIn(before.agent)).get('error')).toBe('login_required');
    expect((await keycloak.signIn(who, 'kc-after-reset')).access_token).toBeTruthy();
  }, 60_000);
});

describe('realm settings (infra/keycloak/realm-touchline.json)', () => {
  const authorize = (params: Record<string, string>) =>
    fetch(
      `${keycloak.url}/realms/touchline/protocol/openid-connect/auth?${new URLSearchParams({ client_id: 'touchline-web', response_type: 'code', scope: 'openid', state: 's', ...params })}`,
      {
        redirect: 'manual',
      },
    );

  it('refuses a redirect URI that is not registered', async () => {
    const res = await authorize({ redirect_uri: 'https://evil.example/login', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' });
    expect(res.status).toBe(400);
  });

  it('requires PKCE with S256', async () => {
    const res = await authorize({ redirect_uri: `${api.url}/login` });
    expect(new URL(res.headers.get('location')!.replace('#', '?')).searchParams.get('error')).toBe('invalid_request');
  });

  it("lets the API's admin client find users but nothing more", async () => {
    const token = await keycloak.adminClientToken();
    const get = (p: string) => fetch(`${keycloak.url}/admin/realms/touchline${p}`, { headers: bearer(token) });
    expect((await get(`/users?email=${encodeURIComponent(email)}&exact=true`)).status).toBe(200);
    expect((await get('/clients')).status).toBe(403);
    expect((await get('/roles')).status).toBe(403);
  });
});

describe('sign-up finished from another browser (Keycloak)', () => {
  const linkIn = (text: string) => /https?:\/\/\S+/.exec(text)![0];

  it('verifying from a fresh browser and signing in from a third registers the coach on Free Trial under the name given to Keycloak', async () => {
    const who = 'kc-phone+club@club.example';
    const laptop = await keycloak.register({ email: who, firstName: 'Zoë', lastName: 'Müller', password });
    expect(laptop.page, laptop.url).toContain('verify your email');

    // Keycloak's pages and email in the product's words, and a link that works for 24 hours (the README's promise).
    expect(laptop.page).toContain('No email from Touchline?');
    expect(laptop.page).not.toContain('received a verification code');
    const link = linkIn((await mail.waitForMail(who, /Verify email/)).text);
    const claims = decode(new URL(link).searchParams.get('key')!) as { exp: number };
    expect(claims.exp - Date.now() / 1000).toBeGreaterThan(23.9 * 3600);
    const confirm = await (await new Agent().follow(link)).response.text();
    expect(confirm).toContain(`Confirm that ${who} is your email address for Touchline.`);
    expect(confirm).toContain('Confirm and continue');
    expect(confirm).not.toMatch(/Confirm validity|Click here to proceed/);

    const phone = new Agent();
    const verified = await keycloak.walk(phone, link, password);
    const [account] = (await (await keycloak.admin('GET', `/users?email=${encodeURIComponent(who)}&exact=true`)).json()) as { emailVerified: boolean }[];
    expect(account?.emailVerified, `${verified.url}\n${verified.page.slice(0, 3000)}`).toBe(true);

    const tokens = await keycloak.signIn(who, password);
    const sub = decode(tokens.access_token).sub as string;
    expect((await call('GET', '/api/auth/check', tokens.access_token)).status).toBe(404);
    const login = await call('POST', '/api/auth/login', tokens.access_token, { identityId: sub, email: who });
    expect(login.status).toBe(200);
    expect(await body(login)).toMatchObject({ identityId: sub, username: 'Zoë Müller', email: who, plan: 'Free Trial', eliteRole: null });
    const check = await call('GET', '/api/auth/check', tokens.access_token);
    expect(check.status).toBe(200);
    expect(await body(check)).toMatchObject({ identityId: sub, username: 'Zoë Müller', plan: 'Free Trial' });
  }, 90_000);

  it('derives nothing for an account Keycloak no longer marks verified, even with a token that says verified', async () => {
    const who = 'kc-unverified@club.example';
    const id = await keycloak.createUser(who, password);
    const tokens = await keycloak.signIn(who, password);
    expect(decode(tokens.access_token)).toMatchObject({ email_verified: true });
    const account = (await (await keycloak.admin('GET', `/users/${id}`)).json()) as Record<string, unknown>;
    expect((await keycloak.admin('PUT', `/users/${id}`, { ...account, emailVerified: false })).status).toBe(204);
    expect((await call('POST', '/api/auth/login', tokens.access_token, { identityId: id, email: who })).status).toBe(404);
    expect((await call('GET', '/api/auth/check', tokens.access_token)).status).toBe(404);
  }, 60_000);
});

describe('a sign-up hit by a mail outage can still be finished (Keycloak)', () => {
  const linkIn = (text: string) => /https?:\/\/\S+/.exec(text)![0];

  it('after "Failed to send email", "Resend verification email" mails a link that sets the password and verifies; sign-in and login then work', async () => {
    const who = 'kc-outage@club.example';
    await keycloak.setSmtpPort(await freePort()); // nothing listens there
    let laptop: Awaited<ReturnType<typeof keycloak.register>>;
    try {
      laptop = await keycloak.register({ email: who, firstName: 'Ana', lastName: 'Silva', password });
    } finally {
      await keycloak.setSmtpPort(mail.smtpPort);
    }
    expect(laptop.page).toContain('Failed to send email');
    const [stuck] = (await (await keycloak.admin('GET', `/users?email=${encodeURIComponent(who)}&exact=true`)).json()) as {
      emailVerified: boolean;
      requiredActions: string[];
    }[];
    expect(stuck).toMatchObject({ emailVerified: false });
    expect(await mail.inbox(who)).toEqual([]);

    const resent = await call('POST', '/api/auth/resend-verification', undefined, { email: who });
    expect(resent.status).toBe(202);
    const answer = await body(resent);
    expect(answer).toEqual({ message: expect.stringContaining('verification email') });

    const phone = new Agent();
    const done = await keycloak.walk(phone, linkIn((await mail.waitForMail(who, /./)).text), password);
    const [account] = (await (await keycloak.admin('GET', `/users?email=${encodeURIComponent(who)}&exact=true`)).json()) as {
      emailVerified: boolean;
      requiredActions: string[];
    }[];
    expect(account, `${done.url}\n${done.page.slice(0, 3000)}`).toMatchObject({ emailVerified: true, requiredActions: [] });

    const tokens = await keycloak.signIn(who, password);
    const sub = decode(tokens.access_token).sub as string;
    const login = await call('POST', '/api/auth/login', tokens.access_token, { identityId: sub, email: who });
    expect(login.status).toBe(200);
    expect(await body(login)).toMatchObject({ identityId: sub, email: who, username: 'Ana Silva', plan: 'Free Trial' });
  }, 120_000);

  it('answers unknown, verified and unverified addresses alike, and mails only the unverified one', async () => {
    const verified = 'kc-resend-verified@club.example';
    await keycloak.createUser(verified, password);
    const waiting = 'kc-resend-waiting@club.example';
    const id = await keycloak.createUser(waiting, password);
    const user = (await (await keycloak.admin('GET', `/users/${id}`)).json()) as Record<string, unknown>;
    expect((await keycloak.admin('PUT', `/users/${id}`, { ...user, emailVerified: false, requiredActions: ['VERIFY_EMAIL'] })).status).toBe(204);

    const answers = [];
    for (const address of ['nobody-here@club.example', verified, waiting]) {
      const res = await call('POST', '/api/auth/resend-verification', undefined, { email: address });
      answers.push({ status: res.status, body: await body(res) });
    }
    expect(answers[0]!.status).toBe(202);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    await mail.waitForMail(waiting, /./);
    expect(await mail.inbox(verified)).toEqual([]);
    expect(await mail.inbox('nobody-here@club.example')).toEqual([]);
  }, 60_000);

  it('refuses an address that is not one with 400 and the catalogue message', async () => {
    const res = await call('POST', '/api/auth/resend-verification', undefined, { email: 'not-an-address' });
    expect(res.status).toBe(400);
    expect(await body(res)).toEqual({ statusCode: 400, message: IDENTITY_ERROR_MESSAGES['invalid-email'] });
  });
});

describe("a password change on Keycloak's page ends the other sessions", () => {
  it('with "Sign out from other devices" checked as the page shows it, another browser\'s refresh token and prompt=none sign-in fail', async () => {
    const who = 'kc-change@club.example';
    await keycloak.createUser(who, password);
    const phone = await keycloak.signIn(who, password);
    expect((await keycloak.silentSignIn(phone.agent)).get('code')).toBeTruthy();
    const laptop = await keycloak.signIn(who, password);

    const changed = await keycloak.changePassword(laptop.agent, 'kc-changed-123');
    expect(changed.page).toMatch(/<input[^>]*name="logout-sessions"[^>]*checked/);
    expect(changed.form['logout-sessions']).toBe('on');
    expect(new URL(changed.url).searchParams.get('code')).toBeTruthy();

    const refused = await keycloak.refresh(phone.refresh_token!);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe('invalid_grant');
    expect((await keycloak.silentSignIn(phone.agent)).get('error')).toBe('login_required');
    expect((await keycloak.silentSignIn(laptop.agent)).get('code')).toBeTruthy();
    expect((await keycloak.signIn(who, 'kc-changed-123')).access_token).toBeTruthy();
  }, 60_000);
});

import { IDENTITY_ERROR_MESSAGES, SIGN_IN_MESSAGES } from '@touchline/shared';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, formAction, pkce } from './support/browserless-oidc';
import { EmbeddedIdpClient } from './support/embedded-idp-client';
import { startMailCatcher } from './support/mail-catcher';
import { startTestApi, type TestApi } from './support/test-api';
import { bearer, decode, embeddedSigningKey, mint, tampered, unsecured } from './support/tokens';

let api: TestApi;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let idp: EmbeddedIdpClient;
let coach: { access_token: string; id_token: string; sub: string };

const email = 'coach@club.example';
const password = 'secret-123';

beforeAll(async () => {
  mail = await startMailCatcher();
  // Behind a proxy, as in the stack, so tests can speak from different client addresses.
  // Waits of 1 s instead of 1 min per five wrong passwords, and a lower per-address limit, keep the tests fast.
  api = await startTestApi({
    SMTP_PORT: String(mail.smtpPort),
    TRUST_PROXY: 'true',
    LOGIN_WAIT_INCREMENT_SECONDS: '1',
    LOGIN_ADDRESS_MAX_FAILURES: '20',
  });
  idp = new EmbeddedIdpClient(api.url, mail.waitForMail);
  const tokens = await idp.signUp(email, password);
  coach = { ...tokens, sub: decode(tokens.access_token).sub as string };
});

afterAll(async () => {
  await api?.stop();
  await mail?.stop();
});

/** A JSON answer, read loosely for assertions. */
const body = async (res: Response) => (await res.json()) as Record<string, unknown>;

const call = (method: string, path: string, token?: string, body?: unknown, address = '192.0.2.1') =>
  fetch(`${api.url}${path}`, {
    method,
    headers: { 'x-forwarded-for': address, ...(token ? bearer(token) : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A token request with a refresh token, as the SPA makes one. */
const refresh = (refreshToken: string) =>
  fetch(`${api.url}/idp/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'touchline-web' }).toString(),
  });

/** A `prompt=none` authorization with the browser's cookies: the callback's `code` or `error`. */
async function silentSignIn(agent: Agent): Promise<URLSearchParams> {
  const params = { client_id: 'touchline-web', redirect_uri: `${api.url}/login`, response_type: 'code', scope: 'openid', prompt: 'none' };
  const done = await agent.follow(
    `${api.url}/idp/auth?${new URLSearchParams({ ...params, code_challenge: pkce().challenge, code_challenge_method: 'S256', state: 's' })}`,
    {},
    (next) => next.startsWith(`${api.url}/login`),
  );
  return new URL(done.url).searchParams;
}

const registration = (overrides: Record<string, unknown> = {}) => ({ identityId: coach.sub, username: 'Alex Coach', email, plan: 'Free Trial', ...overrides });

describe('tokens (embedded provider)', () => {
  it('issues JWT access tokens for the API with the verified email', () => {
    expect(decode(coach.access_token)).toMatchObject({ aud: 'touchline-api', iss: `${api.url}/idp`, email, email_verified: true });
  });

  it.each([
    ['no token', () => undefined],
    ['an alg:none token', () => unsecured(coach.access_token)],
    ['a tampered token', () => tampered(coach.access_token)],
    ['the ID token (wrong audience)', () => coach.id_token],
  ])('refuses %s with 401', async (_name, token) => {
    const res = await call('GET', '/api/auth/check', token());
    expect(res.status).toBe(401);
    expect(Object.keys(await body(res)).sort()).toEqual(['message', 'statusCode']);
  });

  it('refuses expired, foreign-issuer and foreign-audience tokens even with a valid signature', async () => {
    const key = await embeddedSigningKey(api.db.url);
    const base = { sub: coach.sub, email, email_verified: true };
    const cases = [
      await mint(key, { ...base, iss: `${api.url}/idp`, aud: 'touchline-api' }, '-1m'),
      await mint(key, { ...base, iss: 'https://evil.example/idp', aud: 'touchline-api' }),
      await mint(key, { ...base, iss: `${api.url}/idp`, aud: 'another-api' }),
    ];
    for (const token of cases) expect((await call('GET', '/api/auth/check', token)).status).toBe(401);
    // The same key and claims, correctly addressed, are accepted: the refusals above are about the claims.
    expect((await call('GET', '/api/auth/check', await mint(key, { ...base, iss: `${api.url}/idp`, aud: 'touchline-api' }))).status).toBe(404);
  });
});

describe('/api/auth', () => {
  it("refuses another subject's identityId with 403", async () => {
    const register = await call('POST', '/api/auth/register', coach.access_token, registration({ identityId: 'someone-else' }));
    expect(register.status).toBe(403);
    const login = await call('POST', '/api/auth/login', coach.access_token, { identityId: 'someone-else', email });
    expect(login.status).toBe(403);
  });

  it('refuses to register an unverified email with 403 "Email not verified"', async () => {
    const key = await embeddedSigningKey(api.db.url);
    const token = await mint(key, { sub: 'unverified-sub', email: 'new@club.example', email_verified: false, iss: `${api.url}/idp`, aud: 'touchline-api' });
    const res = await call('POST', '/api/auth/register', token, registration({ identityId: 'unverified-sub', email: 'new@club.example' }));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ statusCode: 403, message: 'Email not verified' });
  });

  it.each([
    [{ plan: 'Gold' }, /plan must be one of/],
    [{ plan: 'Add-on' }, /plan must be one of/],
    [{ username: 'x' }, /username must be 2 to 50 characters/],
    [{ username: '<script>' }, /username may contain/],
    [{ eliteRole: 'Elite Admin' }, /property eliteRole should not exist/],
    [{ email: 'not-an-email' }, /^Invalid email address format\.$/],
  ])('validates %o', async (overrides, message) => {
    const res = await call('POST', '/api/auth/register', coach.access_token, registration(overrides));
    expect(res.status).toBe(400);
    expect((await body(res)).message).toMatch(message);
  });

  it('registers once, then answers 409; login and check return the user', async () => {
    const created = await call('POST', '/api/auth/register', coach.access_token, registration());
    expect(created.status).toBe(201);
    const user = await created.json();
    expect(user).toMatchObject({ identityId: coach.sub, username: 'Alex Coach', email, plan: 'Free Trial', eliteRole: null });

    const again = await call('POST', '/api/auth/register', coach.access_token, registration({ plan: 'Coach' }));
    expect(again.status).toBe(409);
    expect((await body(again)).message).toBe(IDENTITY_ERROR_MESSAGES['email-already-in-use']);

    const login = await call('POST', '/api/auth/login', coach.access_token, { identityId: coach.sub, email });
    expect(login.status).toBe(200);
    expect(await login.json()).toEqual(user);
    expect(await (await call('GET', '/api/auth/check', coach.access_token)).json()).toEqual(user);
  });

  it('registers at login from the username and plan the sign-up left at the provider (verified in another browser)', async () => {
    const who = 'phone@club.example';
    const tokens = await idp.signUp(who, password, { signup_username: 'Sam Phone', signup_plan: 'Coach Plus' });
    const sub = decode(tokens.access_token).sub as string;
    const login = await call('POST', '/api/auth/login', tokens.access_token, { identityId: sub, email: who });
    expect(login.status).toBe(200);
    const user = await login.json();
    // The plan chosen at sign-up is a request for the club's admin; the account starts on Free Trial.
    expect(user).toMatchObject({ identityId: sub, username: 'Sam Phone', email: who, plan: 'Free Trial', eliteRole: null, requestedPlan: 'Coach Plus' });
    expect(await (await call('GET', '/api/auth/check', tokens.access_token)).json()).toEqual(user);
  });

  it('keeps no sign-up profile that registration would refuse: login then answers 404', async () => {
    const who = 'odd@club.example';
    const tokens = await idp.signUp(who, password, { signup_username: '<script>', signup_plan: 'Gold' });
    const login = await call('POST', '/api/auth/login', tokens.access_token, { identityId: decode(tokens.access_token).sub, email: who });
    expect(login.status).toBe(404);
  });

  it('gives no one a paid plan for choosing it at sign-up: Elite is kept as a request, with no team and no role', async () => {
    const tokens = await idp.signUp('head@club.example', password);
    const sub = decode(tokens.access_token).sub;
    const res = await call('POST', '/api/auth/register', tokens.access_token, { identityId: sub, username: 'Head', email: 'head@club.example', plan: 'Elite' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ plan: 'Free Trial', eliteRole: null, requestedPlan: 'Elite' });
    expect((await call('GET', '/api/dashboard/development', tokens.access_token)).status).toBe(403);
  });

  it('keeps no request when the plan chosen is the one the account starts on', async () => {
    const tokens = await idp.signUp('plain@club.example', password);
    const sub = decode(tokens.access_token).sub;
    const res = await call(
      'POST',
      '/api/auth/register',
      tokens.access_token,
      registration({ identityId: sub, email: 'plain@club.example', plan: 'Free Trial' }),
    );
    expect(await res.json()).toMatchObject({ plan: 'Free Trial', requestedPlan: null });
  });

  it('lets a coach whose identity is gone sign up again with the same email and find their sessions', async () => {
    const who = 'orphan@club.example';
    const first = await idp.signUp(who, password);
    const firstSub = decode(first.access_token).sub as string;
    const created = await call('POST', '/api/auth/register', first.access_token, registration({ identityId: firstSub, email: who }));
    const user = (await created.json()) as { id: string };
    const db = new Client({ connectionString: api.db.url });
    await db.connect();
    try {
      const made = await call('POST', '/api/sessions', first.access_token, { title: 'Kept drill', mediaType: 'audio', fileName: 'kept.wav', sizeBytes: 10 });
      expect(made.status).toBe(201);
      // While the first identity exists, another one with the same email takes nothing over.
      const signing = await embeddedSigningKey(api.db.url);
      const impostor = await mint(signing, { sub: 'someone-else', email: who, email_verified: true, iss: `${api.url}/idp`, aud: 'touchline-api' });
      const refused = await call('POST', '/api/auth/register', impostor, registration({ identityId: 'someone-else', email: who }));
      expect(refused.status).toBe(409);
      expect((await body(refused)).message).toBe(IDENTITY_ERROR_MESSAGES['email-already-in-use']);

      // The identity is lost (a provider's data gone); the coach signs up again with the same address.
      await db.query('DELETE FROM identity_accounts WHERE id = $1', [firstSub]);
      const again = await idp.signUp(who, 'new-secret-4');
      const againSub = decode(again.access_token).sub as string;
      const registered = await call('POST', '/api/auth/register', again.access_token, registration({ identityId: againSub, email: who }));
      expect(registered.status).toBe(201);
      expect(await registered.json()).toMatchObject({ id: user.id, identityId: againSub, email: who });
      const sessions = (await (await call('GET', '/api/sessions', again.access_token)).json()) as { items: { title: string }[] };
      expect(sessions.items.map((s) => s.title)).toEqual(['Kept drill']);
    } finally {
      await db.end();
    }
  });

  it('publishes the client configuration', async () => {
    expect(await (await call('GET', '/api/auth/config')).json()).toEqual({ provider: 'embedded', issuer: `${api.url}/idp`, clientId: 'touchline-web' });
  });
});

describe('sign-in pages (embedded provider)', () => {
  const attempt = (who: string, secret: string) => idp.submitLogin(new Agent(), pkce().challenge, who, secret);

  it('shows one message for a wrong password and an unknown email', async () => {
    const wrong = await attempt(email, 'wrong-password');
    const unknown = await attempt('nobody@club.example', 'wrong-password');
    expect(wrong.html).toContain(IDENTITY_ERROR_MESSAGES['invalid-credential']);
    expect(unknown.html).toContain(IDENTITY_ERROR_MESSAGES['invalid-credential']);
  });

  it('rejects a malformed email', async () => {
    expect((await attempt('not an email', 'x')).html).toContain(IDENTITY_ERROR_MESSAGES['invalid-email']);
  });

  const attemptFrom = (address: string, who: string, secret: string) => idp.submitLogin(new Agent(), pkce().challenge, who, secret, address);

  it('makes the guessing address wait after five wrong passwords, answering 429 with Retry-After, while the owner elsewhere signs in', async () => {
    await idp.signUp('target@club.example', password);
    for (let i = 0; i < 5; i++) await attemptFrom('198.18.0.1', 'target@club.example', `guess-${i}`);
    const waiting = await attemptFrom('198.18.0.1', 'target@club.example', password);
    expect(waiting.callback).toBeUndefined();
    expect(waiting.status).toBe(429);
    expect(waiting.retryAfter).toBe('1');
    expect(waiting.html).toContain(IDENTITY_ERROR_MESSAGES['too-many-requests']);
    expect(waiting.html).toContain(SIGN_IN_MESSAGES.tryAgainIn(1));
    // The owner, at another address, is not held up by a stranger's guesses.
    expect((await attemptFrom('198.18.0.2', 'target@club.example', password)).callback).toBeTruthy();
    await sleep(1200);
    expect((await attemptFrom('198.18.0.1', 'target@club.example', password)).callback).toBeTruthy();
  });

  it('grows the wait with every five further wrong passwords (1 s, then 2 s here)', async () => {
    const who = 'patient@club.example';
    await idp.signUp(who, password);
    for (let i = 0; i < 5; i++) await attemptFrom('198.18.1.1', who, `guess-${i}`);
    for (let i = 5; i < 10; i++) {
      await sleep(1100);
      expect((await attemptFrom('198.18.1.1', who, `guess-${i}`)).html).toContain(IDENTITY_ERROR_MESSAGES['invalid-credential']);
    }
    const tenth = Date.now();
    await sleep(1300 - (Date.now() - tenth));
    expect((await attemptFrom('198.18.1.1', who, password)).html).toContain(IDENTITY_ERROR_MESSAGES['too-many-requests']);
    await sleep(2300 - (Date.now() - tenth));
    expect((await attemptFrom('198.18.1.1', who, password)).callback).toBeTruthy();
  }, 30_000);

  it('counts tries during a wait against the address, so an address that keeps posting is shut out for every email', async () => {
    const who = 'pounded@club.example';
    await idp.signUp(who, password);
    // 5 counted wrong passwords, then 15 tries during the waits: the address's 20 (here) are spent.
    for (let i = 0; i < 20; i++) await attemptFrom('198.18.3.1', who, `guess-${i}`);
    const other = await attemptFrom('198.18.3.1', 'other-email@club.example', 'guess');
    expect(other.status).toBe(429);
    expect(Number(other.retryAfter)).toBeGreaterThan(14 * 60);
    // The owner elsewhere is still let in.
    expect((await attemptFrom('198.18.3.2', who, password)).callback).toBeTruthy();
  }, 30_000);

  it('lifts every wait on an account when its password is reset', async () => {
    const who = 'forgetful@club.example';
    await idp.signUp(who, password);
    for (let i = 0; i < 10; i++) await attemptFrom('198.18.4.1', who, `guess-${i}`);
    expect((await attemptFrom('198.18.4.1', who, password)).status).toBe(429);
    await call('POST', '/api/auth/reset-password-request', undefined, { email: who }, '198.18.4.1');
    const code = /\b(\d{6})\b/.exec((await mail.waitForMail(who, /password reset code/)).text)![1]!;
    const reset = await call('POST', '/api/auth/reset-password-confirm', undefined, { email: who, code, newPassword: 'fresh-secret-7' }, '198.18.4.1');
    expect(reset.status).toBe(200);
    expect((await attemptFrom('198.18.4.1', who, 'fresh-secret-7')).callback).toBeTruthy();
  }, 30_000);

  it('still throttles one client address trying many emails, with the catalogue message', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await attemptFrom('198.18.2.1', `spray-${i}@club.example`, 'guess')).html).toContain(IDENTITY_ERROR_MESSAGES['invalid-credential']);
    }
    const limited = await attemptFrom('198.18.2.1', 'spray-last@club.example', 'guess');
    expect(limited.html).toContain(IDENTITY_ERROR_MESSAGES['too-many-requests']);
    // Another address is not affected.
    expect((await attemptFrom('198.18.2.2', 'spray-last@club.example', 'guess')).html).toContain(IDENTITY_ERROR_MESSAGES['invalid-credential']);
  }, 30_000);

  it('refuses a disabled account once the password is right', async () => {
    await idp.signUp('gone@club.example', password);
    const db = new Client({ connectionString: api.db.url });
    await db.connect();
    await db.query(`UPDATE identity_accounts SET disabled = true WHERE email = 'gone@club.example'`);
    await db.end();
    expect((await attempt('gone@club.example', password)).html).toContain(IDENTITY_ERROR_MESSAGES['user-disabled']);
  });

  it('refuses a taken email and a weak password at sign-up', async () => {
    const agent = new Agent();
    const page = await idp.open(agent, pkce().challenge, { kc_action: 'SIGNUP' });
    const action = new URL(formAction(page, '/register'), api.url).toString();
    const taken = await agent.postForm(action, { email: email.toUpperCase(), password });
    expect(await taken.response.text()).toContain(IDENTITY_ERROR_MESSAGES['email-already-in-use']);
    const weak = await agent.postForm(action, { email: 'fresh@club.example', password: '12345' });
    expect(await weak.response.text()).toContain(IDENTITY_ERROR_MESSAGES['weak-password']);
  });

  it('asks an unverified account to verify instead of signing it in, and a link works once', async () => {
    const agent = new Agent();
    const page = await idp.open(agent, pkce().challenge, { kc_action: 'SIGNUP' });
    await agent.postForm(new URL(formAction(page, '/register'), api.url).toString(), { email: 'late@club.example', password });
    const first = await mail.waitForMail('late@club.example', /Verify your email/);

    const signIn = await attempt('late@club.example', password);
    expect(signIn.callback).toBeUndefined();
    expect(signIn.html).toContain('Verify your email');

    const link = /https?:\/\/\S+\/verify\?token=\S+/.exec(first.text)![0];
    const elsewhere = await new Agent().follow(link);
    expect(await elsewhere.response.text()).toContain('Email verified');
    const reused = await new Agent().follow(link);
    expect(reused.response.status).toBe(400);
    expect(await reused.response.text()).toContain('Link not valid');
    expect((await attempt('late@club.example', password)).callback).toBeTruthy();
  });

  it('changes a password after checking the current one, ending every other session and refresh token', async () => {
    const elsewhere = await idp.signIn(email, password);
    expect(elsewhere.refresh_token).toBeTruthy();
    expect((await silentSignIn(elsewhere.agent)).get('code')).toBeTruthy();
    const { agent } = await idp.signIn(email, password);
    const { verifier, challenge } = pkce();
    const page = await idp.open(agent, challenge, { kc_action: 'UPDATE_PASSWORD' });
    expect(page).toContain('Change your password');
    const action = new URL(formAction(page, '/update-password'), api.url).toString();
    const isCallback = (u: string) => u.startsWith(`${api.url}/login`);

    const wrong = await agent.postForm(action, { currentPassword: 'nope-nope', newPassword: 'new-secret-1' }, isCallback);
    expect(await wrong.response.text()).toContain(IDENTITY_ERROR_MESSAGES['wrong-password']);
    const weak = await agent.postForm(action, { currentPassword: password, newPassword: '123' }, isCallback);
    expect(await weak.response.text()).toContain(IDENTITY_ERROR_MESSAGES['weak-password']);
    const done = await agent.postForm(action, { currentPassword: password, newPassword: 'new-secret-1' }, isCallback);
    expect(isCallback(done.url)).toBe(true);
    const changed = await idp.exchange(agent, done.url, verifier);
    // The browser that changed the password goes on; the one signed in before with the old password does not.
    expect((await refresh(changed.refresh_token!)).status).toBe(200);
    expect((await silentSignIn(agent)).get('code')).toBeTruthy();
    expect((await refresh(elsewhere.refresh_token!)).status).toBe(400);
    expect((await silentSignIn(elsewhere.agent)).get('error')).toBe('login_required');

    expect((await attempt(email, password)).callback).toBeUndefined();
    const fresh = await idp.signIn(email, 'new-secret-1');
    expect(fresh.access_token).toBeTruthy();
  });

  it('ends the provider session on logout and returns to the product', async () => {
    const { agent, id_token } = await idp.signIn('head@club.example', password);
    const end = await agent.follow(
      `${api.url}/idp/session/end?${new URLSearchParams({ id_token_hint: id_token, post_logout_redirect_uri: `${api.url}/`, client_id: 'touchline-web' })}`,
    );
    const html = await end.response.text();
    expect(html).toContain('Signing you out');
    const done = await agent.postForm(
      new URL(formAction(html, '/session/end/confirm'), api.url).toString(),
      {
        xsrf: /name="xsrf" value="([^"]+)"/.exec(html)![1]!,
        logout: 'yes',
      },
      (next) => next === `${api.url}/`,
    );
    expect(done.url).toBe(`${api.url}/`);
    // The session is gone: a silent sign-in now needs a login.
    const silent = await agent.follow(
      `${api.url}/idp/auth?${new URLSearchParams({ client_id: 'touchline-web', redirect_uri: `${api.url}/login`, response_type: 'code', scope: 'openid', prompt: 'none', code_challenge: pkce().challenge, code_challenge_method: 'S256', state: 's' })}`,
      {},
      (next) => next.startsWith(`${api.url}/login`),
    );
    expect(new URL(silent.url).searchParams.get('error')).toBe('login_required');
  });
});

describe('password reset (API-owned code)', () => {
  // Each account asks from an address of its own; the flood test below shares one.
  const request = (who: string, address = `198.51.100.${accounts}`) => call('POST', '/api/auth/reset-password-request', undefined, { email: who }, address);
  const confirm = (who: string, code: string, newPassword = 'reset-secret-9') =>
    call('POST', '/api/auth/reset-password-confirm', undefined, { email: who, code, newPassword });
  const codeFrom = (text: string) => /\b(\d{6})\b/.exec(text)![1]!;
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  let accounts = 0;

  /** A verified account of its own for each test, so per-email limits of one test do not touch another. */
  async function account(): Promise<string> {
    const who = `reset-${++accounts}@club.example`;
    await idp.signUp(who, password);
    return who;
  }

  const resetMails = async (who: string) => (await mail.inbox(who)).filter((m) => /password reset code/.test(m.subject)).length;

  async function freshCode(who: string): Promise<string> {
    const before = await resetMails(who);
    const res = await request(who);
    expect(res.status).toBe(202);
    return codeFrom((await mail.waitForMail(who, /password reset code/, before)).text);
  }

  it('answers an unknown email exactly as a known one, and mails only the known one', async () => {
    const who = await account();
    const known = await request(who);
    const unknown = await request('nobody-here@club.example');
    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());
    await mail.waitForMail(who, /password reset code/);
    expect(await mail.inbox('nobody-here@club.example')).toEqual([]);
  });

  it('refuses a wrong code and a weak password, and changes nothing', async () => {
    const who = await account();
    const code = await freshCode(who);
    expect((await confirm(who, wrongCode(code))).status).toBe(400);
    const weak = await confirm(who, code, '12345');
    expect(weak.status).toBe(400);
    expect((await body(weak)).message).toBe(IDENTITY_ERROR_MESSAGES['weak-password']);
    expect((await idp.signIn(who, password)).access_token).toBeTruthy();
  });

  it('gives up after five wrong codes, even for the right one', async () => {
    const who = await account();
    const code = await freshCode(who);
    for (let i = 0; i < 5; i++) expect((await confirm(who, wrongCode(code))).status).toBe(400);
    const right = await confirm(who, code);
    expect(right.status).toBe(400);
    expect((await body(right)).message).toBe('The reset code is wrong or has expired. Please check it or request a new one.');
    expect((await idp.signIn(who, password)).access_token).toBeTruthy();
  });

  it('answers six wrong codes for an account exactly as for an unknown address', async () => {
    const who = await account();
    const code = await freshCode(who);
    const unknown = 'nobody-reset@club.example';
    expect((await request(unknown)).status).toBe(202);
    const sixTries = async (address: string, target: string) => {
      const answers: { status: number; body: string }[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await call(
          'POST',
          '/api/auth/reset-password-confirm',
          undefined,
          { email: target, code: wrongCode(code), newPassword: 'reset-secret-9' },
          address,
        );
        answers.push({ status: res.status, body: await res.text() });
      }
      return answers;
    };
    const known = await sixTries('198.51.100.201', who);
    expect(known.every((a) => a.status === 400)).toBe(true);
    expect(await sixTries('198.51.100.202', unknown)).toEqual(known);
  });

  it('ends every session, grant and refresh token of the account opened before the reset', async () => {
    const who = await account();
    const before = await idp.signIn(who, password);
    expect(before.refresh_token).toBeTruthy();
    expect((await silentSignIn(before.agent)).get('code')).toBeTruthy();
    const done = await confirm(who, await freshCode(who));
    expect(done.status).toBe(200);
    const refused = await refresh(before.refresh_token!);
    expect(refused.status).toBe(400);
    expect((await body(refused)).error).toBe('invalid_grant');
    expect((await silentSignIn(before.agent)).get('error')).toBe('login_required');
    // Signing in with the new password works as usual.
    expect((await idp.signIn(who, 'reset-secret-9')).refresh_token).toBeTruthy();
  });

  it('refuses an expired code', async () => {
    const who = await account();
    const code = await freshCode(who);
    const db = new Client({ connectionString: api.db.url });
    await db.connect();
    await db.query(`UPDATE password_reset_codes SET expires_at = now() - interval '1 second' WHERE email = $1`, [who]);
    await db.end();
    expect((await confirm(who, code)).status).toBe(400);
  });

  it('sets the new password with the right code, once', async () => {
    const who = await account();
    const code = await freshCode(who);
    const done = await confirm(who, code);
    expect(done.status).toBe(200);
    expect((await idp.signIn(who, 'reset-secret-9')).access_token).toBeTruthy();
    expect((await confirm(who, code, 'another-secret')).status).toBe(400);
    expect((await idp.signIn(who, 'reset-secret-9')).access_token).toBeTruthy();
  });

  it('an older code stops working when a new one is sent', async () => {
    const who = await account();
    const older = await freshCode(who);
    const newer = await freshCode(who);
    expect((await confirm(who, older, 'older-secret')).status).toBe(400);
    expect((await confirm(who, newer, 'newer-secret')).status).toBe(200);
  });

  it('sends at most three codes an hour to one address, with the same answer', async () => {
    const who = await account();
    for (let i = 0; i < 3; i++) await freshCode(who);
    const fourth = await request(who);
    expect(fourth.status).toBe(202);
    await new Promise((r) => setTimeout(r, 500));
    expect(await resetMails(who)).toBe(3);
  });

  it('rate-limits requests from one client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await request(`flood-${i}@club.example`, '203.0.113.7')).status);
    expect(statuses.slice(0, 10).every((s) => s === 202)).toBe(true);
    expect(statuses).toContain(429);
  });
});

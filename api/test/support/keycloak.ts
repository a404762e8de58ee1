import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { startKeycloak } from '@touchline/tooling';
import { expect } from 'vitest';
import { Agent, browserFields, formAction, pkce, type Tokens } from './browserless-oidc';
import { freePort } from './mail-catcher';

/** A real Keycloak (@touchline/tooling's startKeycloak: Maven Central distribution, the project's realm and theme). */
export async function startTestKeycloak(publicUrl: string, smtpPort: number) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'touchline-kc-'));
  const adminSecret = randomBytes(18).toString('base64url');
  const bootstrapPassword = randomBytes(12).toString('base64url');
  const server = await startKeycloak({
    port: await freePort(),
    managementPort: await freePort(),
    dataDir,
    env: {
      KEYCLOAK_ADMIN_CLIENT_SECRET: adminSecret,
      KC_BOOTSTRAP_ADMIN_PASSWORD: bootstrapPassword,
      TOUCHLINE_PUBLIC_URL: publicUrl,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtpPort),
    },
  });
  const realm = `${server.url}/realms/touchline`;

  async function masterAdminToken(): Promise<string> {
    const res = await fetch(`${server.url}/realms/master/protocol/openid-connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', client_id: 'admin-cli', username: 'admin', password: bootstrapPassword }),
    });
    return ((await res.json()) as { access_token: string }).access_token;
  }

  async function admin(method: string, pathname: string, body?: unknown): Promise<Response> {
    return fetch(`${server.url}/admin/realms/touchline${pathname}`, {
      method,
      headers: { authorization: `Bearer ${await masterAdminToken()}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  /** A verified account with a password, made through the admin API (the sign-up itself is tested in the browser). */
  async function createUser(email: string, password: string): Promise<string> {
    const created = await admin('POST', '/users', {
      username: email,
      email,
      emailVerified: true,
      enabled: true,
      firstName: 'Test',
      lastName: 'Coach',
      credentials: [{ type: 'password', value: password, temporary: false }],
    });
    expect(created.status, await created.clone().text()).toBe(201);
    return created.headers.get('location')!.split('/').pop()!;
  }

  /** Signs in on Keycloak's own login page (Authorization Code with PKCE), as the SPA would; the agent keeps the cookies. */
  async function signIn(email: string, password: string): Promise<Tokens & { agent: Agent }> {
    const agent = new Agent();
    const { verifier, challenge } = pkce();
    const redirectUri = `${publicUrl}/login`;
    const params = new URLSearchParams({
      client_id: 'touchline-web',
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid email',
      state: 's',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const page = await (await agent.follow(`${realm}/protocol/openid-connect/auth?${params}`)).response.text();
    const done = await agent.postForm(formAction(page, 'login-actions/authenticate'), { username: email, password, credentialId: '' }, (next) =>
      next.startsWith(redirectUri),
    );
    const code = new URL(done.url).searchParams.get('code');
    expect(code, `no code after signing in: ${done.url}`).toBeTruthy();
    const res = await fetch(`${realm}/protocol/openid-connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: 'touchline-web',
        code: code!,
        redirect_uri: redirectUri,
        code_verifier: verifier,
      }),
    });
    expect(res.status).toBe(200);
    return { ...((await res.json()) as Tokens), agent };
  }

  /** The authorization request the SPA sends; `toApp` spots the redirect back to it. */
  const authParams = (challenge: string) =>
    new URLSearchParams({
      client_id: 'touchline-web',
      redirect_uri: `${publicUrl}/login`,
      response_type: 'code',
      scope: 'openid email',
      state: 's',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
  const toApp = (next: string) => next.startsWith(`${publicUrl}/login`);

  /**
   * Signs up on Keycloak's own registration page, as /signup sends a coach there: fills the fields the page
   * shows (the password only when the page asks for it). Answers the agent (its cookies) and the page reached.
   */
  async function register(account: { email: string; firstName: string; lastName: string; password: string }) {
    const agent = new Agent();
    const page = await (await agent.follow(`${realm}/protocol/openid-connect/registrations?${authParams(pkce().challenge)}`)).response.text();
    const form: Record<string, string> = { email: account.email, firstName: account.firstName, lastName: account.lastName };
    if (/name="password-confirm"/.test(page)) Object.assign(form, { password: account.password, 'password-confirm': account.password });
    const done = await agent.postForm(formAction(page, 'login-actions/registration'), form, toApp);
    return { agent, url: done.url, status: done.response.status, page: done.url.startsWith(publicUrl) ? '' : await done.response.text() };
  }

  /**
   * Follows Keycloak's pages from `url` as a person would: "Click here to proceed" links, and a new password
   * when asked for one, until the app's redirect URI or a page with nothing left to do. Answers the last page.
   */
  async function walk(agent: Agent, url: string, password: string): Promise<{ url: string; status: number; page: string }> {
    let { url: current, response } = await agent.follow(url, {}, toApp);
    for (let step = 0; step < 8; step++) {
      if (toApp(current)) return { url: current, status: response.status, page: '' };
      const page = await response.text();
      if (/name="password-new"/.test(page)) {
        ({ url: current, response } = await agent.postForm(
          formAction(page, 'login-actions/'),
          { 'password-new': password, 'password-confirm': password },
          toApp,
        ));
        continue;
      }
      // "Click here to proceed" (not "re-send the email", which only comes back to the same page).
      const proceed = /<a[^>]+href="([^"]*login-actions\/(?![^"]*execution=VERIFY_EMAIL)[^"]*)"/.exec(page)?.[1]?.replace(/&amp;/g, '&');
      if (!proceed) return { url: current, status: response.status, page };
      ({ url: current, response } = await agent.follow(new URL(proceed, current).toString(), {}, toApp));
    }
    throw new Error(`no end after 8 pages from ${url}`);
  }

  /** Points the realm's SMTP server at another port (a dead one for a mail outage, the catcher's to end it). */
  async function setSmtpPort(port: number): Promise<void> {
    const realmRep = (await (await admin('GET', '')).json()) as { smtpServer: Record<string, string> };
    const res = await admin('PUT', '', { ...realmRep, smtpServer: { ...realmRep.smtpServer, port: String(port) } });
    expect(res.status, await res.clone().text()).toBe(204);
  }

  /**
   * Changes the password on Keycloak's own page as /profile sends a coach there (`kc_action=UPDATE_PASSWORD`
   * with the session's cookies), submitting the form as a browser would: its hidden fields and the checkboxes
   * as the page has them. Answers the page's form as shown and where the submission ended.
   */
  async function changePassword(agent: Agent, password: string) {
    const params = authParams(pkce().challenge);
    params.set('kc_action', 'UPDATE_PASSWORD');
    const page = await (await agent.follow(`${realm}/protocol/openid-connect/auth?${params}`, {}, toApp)).response.text();
    const form: Record<string, string> = { ...browserFields(page), 'password-new': password, 'password-confirm': password };
    const done = await agent.postForm(formAction(page, 'login-actions/'), form, toApp);
    return { page, form, url: done.url };
  }

  /** A refresh-token request, as the SPA makes one. */
  function refresh(refreshToken: string): Promise<Response> {
    return fetch(`${realm}/protocol/openid-connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', client_id: 'touchline-web', refresh_token: refreshToken }),
    });
  }

  /** A `prompt=none` authorization with the browser's cookies: the callback's `code` or `error`. */
  async function silentSignIn(agent: Agent): Promise<URLSearchParams> {
    const redirectUri = `${publicUrl}/login`;
    const params = new URLSearchParams({
      client_id: 'touchline-web',
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid',
      state: 's',
      prompt: 'none',
      code_challenge: pkce().challenge,
      code_challenge_method: 'S256',
    });
    const done = await agent.follow(`${realm}/protocol/openid-connect/auth?${params}`, {}, (next) => next.startsWith(redirectUri));
    return new URL(done.url).searchParams;
  }

  /** A client-credentials token of the API's admin client: genuine, but not addressed to the API. */
  async function adminClientToken(): Promise<string> {
    const res = await fetch(`${realm}/protocol/openid-connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'touchline-api-admin', client_secret: adminSecret }),
    });
    return ((await res.json()) as { access_token: string }).access_token;
  }

  return {
    url: server.url,
    adminSecret,
    admin,
    createUser,
    signIn,
    register,
    walk,
    setSmtpPort,
    changePassword,
    refresh,
    silentSignIn,
    masterAdminToken,
    adminClientToken,
    stop: async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

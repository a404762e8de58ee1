import { expect } from 'vitest';
import { Agent, formAction, pkce, type Tokens } from './browserless-oidc';
import type { CaughtMail } from './mail-catcher';

type WaitForMail = (address: string, subject: RegExp, after?: number) => Promise<CaughtMail>;

/** Drives the embedded provider's real pages over HTTP, as the SPA and a person would. */
export class EmbeddedIdpClient {
  constructor(
    private readonly publicUrl: string,
    private readonly waitForMail: WaitForMail,
  ) {}

  private authorizeUrl(challenge: string, extra: Record<string, string>): string {
    const params = new URLSearchParams({
      client_id: 'touchline-web',
      redirect_uri: `${this.publicUrl}/login`,
      response_type: 'code',
      scope: 'openid email',
      state: 'state-1',
      nonce: 'nonce-1',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      ...extra,
    });
    return `${this.publicUrl}/idp/auth?${params}`;
  }

  private readonly isCallback = (next: string) => next.startsWith(`${this.publicUrl}/login`);

  /** Opens the sign-in (or, with an action, sign-up / password change) page; returns its HTML. */
  async open(agent: Agent, challenge: string, extra: Record<string, string> = {}): Promise<string> {
    const { response } = await agent.follow(this.authorizeUrl(challenge, { prompt: 'login', ...extra }));
    expect(response.status).toBe(200);
    return response.text();
  }

  async exchange(agent: Agent, callbackUrl: string, verifier: string): Promise<Tokens> {
    const code = new URL(callbackUrl).searchParams.get('code');
    expect(code, `no code in ${callbackUrl}`).toBeTruthy();
    const response = await agent.request(`${this.publicUrl}/idp/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: code!,
        redirect_uri: `${this.publicUrl}/login`,
        client_id: 'touchline-web',
        code_verifier: verifier,
      }).toString(),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as Tokens;
  }

  /** Sign-up with email verification, as far as the tokens; `extra` adds authorization parameters (the profile). */
  async signUp(email: string, password: string, extra: Record<string, string> = {}): Promise<Tokens & { agent: Agent }> {
    const agent = new Agent();
    const { verifier, challenge } = pkce();
    const page = await this.open(agent, challenge, { kc_action: 'SIGNUP', login_hint: email, ...extra });
    const sent = await agent.postForm(new URL(formAction(page, '/register'), this.publicUrl).toString(), { email, password });
    expect(await sent.response.text()).toContain('Verify your email');
    const mail = await this.waitForMail(email, /Verify your email/);
    const link = /https?:\/\/\S+\/verify\?token=\S+/.exec(mail.text)![0];
    const done = await agent.follow(link, {}, this.isCallback);
    return { ...(await this.exchange(agent, done.url, verifier)), agent };
  }

  /** Submits the sign-in form; returns the callback URL, or the page HTML when the form answered with a page. */
  async submitLogin(
    agent: Agent,
    challenge: string,
    email: string,
    password: string,
    address?: string,
  ): Promise<{ callback?: string; html?: string; status: number; retryAfter?: string | null }> {
    const page = await this.open(agent, challenge, { login_hint: email });
    const headers: Record<string, string> = address ? { 'x-forwarded-for': address } : {};
    const result = await agent.postForm(new URL(formAction(page, '/login'), this.publicUrl).toString(), { email, password }, this.isCallback, headers);
    if (this.isCallback(result.url)) return { callback: result.url, status: result.response.status };
    return { html: await result.response.text(), status: result.response.status, retryAfter: result.response.headers.get('retry-after') };
  }

  async signIn(email: string, password: string): Promise<Tokens & { agent: Agent }> {
    const agent = new Agent();
    const { verifier, challenge } = pkce();
    const result = await this.submitLogin(agent, challenge, email, password);
    expect(result.callback, result.html).toBeTruthy();
    return { ...(await this.exchange(agent, result.callback!, verifier)), agent };
  }
}

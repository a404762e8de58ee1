import { SIGNUP_MESSAGES } from '@touchline/shared';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, formAction, pkce } from './support/browserless-oidc';
import { EmbeddedIdpClient } from './support/embedded-idp-client';
import { startRefusingSmtp } from './support/refusing-smtp';
import { startTestApi, type TestApi } from './support/test-api';

let api: TestApi;
let smtp: Awaited<ReturnType<typeof startRefusingSmtp>>;
let idp: EmbeddedIdpClient;

const password = 'secret-123';

beforeAll(async () => {
  smtp = await startRefusingSmtp('refused.example');
  api = await startTestApi({ SMTP_PORT: String(smtp.port) });
  idp = new EmbeddedIdpClient(api.url, async () => {
    throw new Error('this suite reads mail from its own SMTP server');
  });
});

afterAll(async () => {
  await api?.stop();
  await smtp?.stop();
});

async function accountsNamed(email: string): Promise<number> {
  const db = new Client({ connectionString: api.db.url });
  await db.connect();
  try {
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM identity_accounts WHERE lower(email) = lower($1)`, [email]);
    return rows[0].n as number;
  } finally {
    await db.end();
  }
}

/** Opens the sign-up page and submits it; returns the answer's status and HTML, and the agent. */
async function signUp(email: string) {
  const agent = new Agent();
  const page = await idp.open(agent, pkce().challenge, { kc_action: 'SIGNUP', login_hint: email });
  const sent = await agent.postForm(new URL(formAction(page, '/register'), api.url).toString(), { email, password });
  return { agent, status: sent.response.status, html: await sent.response.text() };
}

const mailsTo = (email: string) => smtp.accepted.filter((m) => m.to.includes(email)).length;

describe('sign-up when the mail server refuses or is down (embedded provider)', () => {
  it('an address the mail server refuses: a readable message, and no account left behind', async () => {
    const who = 'coach@refused.example';
    const first = await signUp(who);
    expect(first.status).toBe(400);
    expect(first.html).toContain(SIGNUP_MESSAGES.verificationMailFailed);
    expect(await accountsNamed(who)).toBe(0);
    // Sending the form again meets the same refusal, not "email already in use".
    expect((await signUp(who)).html).toContain(SIGNUP_MESSAGES.verificationMailFailed);
  });

  it('an outage: nothing is kept, and the same sign-up works once mail is back', async () => {
    const who = 'outage@club.example';
    smtp.setDown(true);
    try {
      const failed = await signUp(who);
      expect(failed.status).toBe(400);
      expect(failed.html).toContain(SIGNUP_MESSAGES.verificationMailFailed);
      expect(await accountsNamed(who)).toBe(0);
    } finally {
      smtp.setDown(false);
    }
    const done = await signUp(who);
    expect(done.status).toBe(200);
    expect(done.html).toContain('Verify your email');
    expect(mailsTo(who)).toBe(1);
  });

  it('an unverified account signing in during an outage gets the message and a working "Send a new link"', async () => {
    const who = 'late@club.example';
    expect((await signUp(who)).status).toBe(200);
    const before = mailsTo(who);

    smtp.setDown(true);
    const agent = new Agent();
    let html: string;
    try {
      const signIn = await idp.submitLogin(agent, pkce().challenge, who, password);
      expect(signIn.status).toBe(200);
      html = signIn.html!;
      expect(html).toContain('Verify your email');
      expect(html).toContain(SIGNUP_MESSAGES.verificationMailFailed);
    } finally {
      smtp.setDown(false);
    }
    const resent = await agent.postForm(new URL(formAction(html, '/resend'), api.url).toString(), {});
    expect(resent.response.status).toBe(200);
    expect(await resent.response.text()).toContain('We sent a new link.');
    expect(mailsTo(who)).toBe(before + 1);
  });

  it('POST /api/auth/resend-verification answers an unverified and an unknown address alike and sends nothing (the sign-in page has "Send a new link")', async () => {
    const who = 'waiting@club.example';
    expect((await signUp(who)).status).toBe(200);
    const before = mailsTo(who);
    const resend = async (email: string) => {
      const res = await fetch(`${api.url}/api/auth/resend-verification`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      return { status: res.status, body: (await res.json()) as unknown };
    };
    const waiting = await resend(who);
    expect(waiting.status).toBe(202);
    expect(await resend('no-such-coach@club.example')).toEqual(waiting);
    expect(mailsTo(who)).toBe(before);
  });
});

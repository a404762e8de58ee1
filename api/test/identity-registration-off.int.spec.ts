import { IDENTITY_ERROR_MESSAGES } from '@touchline/shared';
import { Client } from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Agent, formAction, pkce } from './support/browserless-oidc';
import { EmbeddedIdpClient } from './support/embedded-idp-client';
import { startMailCatcher } from './support/mail-catcher';
import { startTestApi, type TestApi } from './support/test-api';

let api: TestApi;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;

beforeAll(async () => {
  mail = await startMailCatcher();
  api = await startTestApi({ SMTP_PORT: String(mail.smtpPort), SELF_REGISTRATION: 'false' });
});

afterAll(async () => {
  await api?.stop();
  await mail?.stop();
});

it('refuses sign-up with the catalogue text and creates no account when self-registration is off', async () => {
  const idp = new EmbeddedIdpClient(api.url, mail.waitForMail);
  const agent = new Agent();
  const page = await idp.open(agent, pkce().challenge, { kc_action: 'SIGNUP' });
  expect(page).toContain(IDENTITY_ERROR_MESSAGES['operation-not-allowed']);
  const posted = await agent.postForm(new URL(formAction(page, '/register'), api.url).toString(), { email: 'new@club.example', password: 'secret-123' });
  expect(posted.response.status).toBe(400);
  expect(await posted.response.text()).toContain(IDENTITY_ERROR_MESSAGES['operation-not-allowed']);

  const db = new Client({ connectionString: api.db.url });
  await db.connect();
  const { rows } = await db.query('SELECT count(*)::int AS n FROM identity_accounts');
  await db.end();
  expect(rows[0].n).toBe(0);
  expect(await mail.inbox('new@club.example')).toEqual([]);
});

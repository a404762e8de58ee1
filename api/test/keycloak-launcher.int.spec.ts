import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { startDevelopmentKeycloak, type DevelopmentKeycloak } from '@touchline/tooling';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pkce } from './support/browserless-oidc';
import { freePort } from './support/mail-catcher';

// `npm run keycloak` (infra/bin/keycloak.mjs runs startDevelopmentKeycloak with its environment), started as the README
// tells it: the product's address from the settings `npm start` reads, its accounts kept in the data folder.

const repo = path.resolve(__dirname, '../..');
const secret = () => randomBytes(18).toString('base64url');
const leftInTmp = () => readdirSync(tmpdir()).filter((name) => name.startsWith('touchline-keycloak-'));

let work: string;
let dataDir: string;
let keycloakPort: number;
let managementPort: number;
let running: DevelopmentKeycloak | undefined;
let tmpBefore: string[];

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'touchline-kc-launcher-'));
  dataDir = path.join(work, 'data');
  keycloakPort = await freePort();
  managementPort = await freePort();
  tmpBefore = leftInTmp();
});

afterEach(async () => {
  await running?.stop();
  running = undefined;
});

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

/** Starts the launcher with `env` on top of the test's ports and data folder; answers it and what it printed. */
async function launch(env: Record<string, string>) {
  const lines: string[] = [];
  running = await startDevelopmentKeycloak(
    { KEYCLOAK_PORT: String(keycloakPort), KEYCLOAK_MANAGEMENT_PORT: String(managementPort), DATA_DIR: dataDir, SMTP_PORT: '1', ...env },
    { say: (line) => lines.push(line) },
  );
  if (process.env.SHOW_LAUNCHER_OUTPUT) console.log(lines.join('\n'));
  return { keycloak: running, output: lines.join('\n') };
}

const realm = () => `http://127.0.0.1:${keycloakPort}/realms/touchline`;

/** Keycloak's answer to the SPA's sign-in request coming back to `productUrl`/login: its sign-in page, or its refusal. */
async function signInPage(productUrl: string): Promise<{ status: number; text: string }> {
  const params = new URLSearchParams({
    client_id: 'touchline-web',
    redirect_uri: `${productUrl}/login`,
    response_type: 'code',
    scope: 'openid',
    state: 's',
    code_challenge: pkce().challenge,
    code_challenge_method: 'S256',
  });
  const res = await fetch(`${realm()}/protocol/openid-connect/auth?${params}`);
  return { status: res.status, text: await res.text() };
}

/** A token of the API's admin client, as the product gets one with KEYCLOAK_ADMIN_CLIENT_SECRET. */
async function adminClientToken(clientSecret: string): Promise<Response> {
  return fetch(`${realm()}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'touchline-api-admin', client_secret: clientSecret }),
  });
}

/** The touchline realm through the master realm's "admin", whose generated password the launcher keeps. */
async function realmAdmin(method: string, body?: unknown): Promise<Response> {
  const password = readFileSync(path.join(dataDir, 'keycloak', 'data', 'touchline-admin-password'), 'utf8').trim();
  const tokens = await fetch(`http://127.0.0.1:${keycloakPort}/realms/master/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', client_id: 'admin-cli', username: 'admin', password }),
  });
  const { access_token: token } = (await tokens.json()) as { access_token: string };
  return fetch(`http://127.0.0.1:${keycloakPort}/admin/realms/touchline`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function usersNamed(email: string, clientSecret: string): Promise<unknown[]> {
  const token = ((await (await adminClientToken(clientSecret)).json()) as { access_token: string }).access_token;
  const res = await fetch(`http://127.0.0.1:${keycloakPort}/admin/realms/touchline/users?email=${encodeURIComponent(email)}&exact=true`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as unknown[];
}

describe('npm run keycloak', () => {
  it('without KEYCLOAK_ADMIN_CLIENT_SECRET it stops and names a README section that exists', async () => {
    const error = (await startDevelopmentKeycloak({ DATA_DIR: dataDir }, { say: () => {} }).catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(Error);
    const section = /README, "([^"]+)"/.exec(error.message)?.[1];
    expect(section, error.message).toBeTruthy();
    expect(readFileSync(path.join(repo, 'README.md'), 'utf8')).toMatch(new RegExp(`^#+ ${section}$`, 'm'));
  });

  const email = 'kept-coach@club.example';
  const firstSecret = secret();
  let firstPort: number;

  it("takes the product's address from PORT as npm start does, prints it and its progress, and keeps its data under DATA_DIR", async () => {
    firstPort = await freePort();
    const { keycloak, output } = await launch({ PORT: String(firstPort), KEYCLOAK_ADMIN_CLIENT_SECRET: firstSecret });

    // The realm lets sign-ins come back to the product at http://localhost:$PORT, and says so.
    const page = await signInPage(`http://localhost:${firstPort}`);
    expect(page.text).not.toContain('Invalid parameter: redirect_uri');
    expect(page.status).toBe(200);
    expect(output).toContain(`http://localhost:${firstPort}`);
    // The npm start line it prints names Keycloak on the product's host name: one site for the browser.
    expect(output).toContain(`KEYCLOAK_URL=http://localhost:${keycloakPort} npm start`);

    // Progress while it starts, then where it is, its admin console and where its data lives.
    expect(output).toMatch(/starting Keycloak/i);
    expect(output).toMatch(/ready/i);
    expect(output).toContain(`${keycloak.url}/admin`);
    expect(output).toContain(path.join(dataDir, 'keycloak'));
    expect(existsSync(path.join(dataDir, 'keycloak', 'bin', 'kc.sh'))).toBe(true);

    // A coach's account, made as the product makes them (its admin client).
    const token = ((await (await adminClientToken(firstSecret)).json()) as { access_token: string }).access_token;
    const created = await fetch(`http://127.0.0.1:${keycloakPort}/admin/realms/touchline/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ username: email, email, emailVerified: true, enabled: true }),
    });
    expect(created.status, await created.text()).toBe(201);

    // The realm as a folder made before the product's email theme and 24-hour verification link has it.
    expect(await (await realmAdmin('GET')).json()).toMatchObject({
      emailTheme: 'touchline',
      attributes: expect.objectContaining({ 'actionTokenGeneratedByUserLifespan.verify-email': '86400' }) as unknown,
    });
    const aged = await realmAdmin('PUT', { emailTheme: 'base', attributes: { 'actionTokenGeneratedByUserLifespan.verify-email': '300' } });
    expect(aged.status, await aged.text()).toBe(204);
  }, 300_000);

  it('a restart keeps the accounts, and a new product address and admin secret reach the kept realm', async () => {
    const nextSecret = secret();
    const nextUrl = `http://127.0.0.1:${await freePort()}`;
    const { output } = await launch({ PUBLIC_URL: nextUrl, KEYCLOAK_ADMIN_CLIENT_SECRET: nextSecret });
    expect(output).toContain(nextUrl);

    expect(await usersNamed(email, nextSecret)).toHaveLength(1);
    expect((await adminClientToken(firstSecret)).status).toBe(401);
    // The product's email theme and verification link lifespan are back, and it says so.
    expect(await (await realmAdmin('GET')).json()).toMatchObject({
      emailTheme: 'touchline',
      attributes: expect.objectContaining({ 'actionTokenGeneratedByUserLifespan.verify-email': '86400' }) as unknown,
    });
    expect(output).toMatch(/realm: emailTheme, attributes/);

    expect((await signInPage(nextUrl)).status).toBe(200);
    const old = await signInPage(`http://localhost:${firstPort}`);
    expect(old.text).toContain('Invalid parameter: redirect_uri');
    await running?.stop();

    // Nothing left behind in the temporary folder.
    expect(leftInTmp().filter((name) => !tmpBefore.includes(name))).toEqual([]);
  }, 300_000);
});

import { randomBytes } from 'node:crypto';
import { importJWK, SignJWT, type JWK } from 'jose';
import type { SignupPlan } from '@touchline/shared';
import { Client } from 'pg';
import { ASSIGN_PLAN_SQL } from '../../src/users/plan-assignment';

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export const decode = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

/** The embedded provider's own signing key, read from its database, to mint tokens with chosen claims. */
export async function embeddedSigningKey(databaseUrl: string) {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query(`SELECT value FROM identity_secrets WHERE name = 'jwks'`);
  await client.end();
  const jwk = (rows[0].value as { keys: JWK[] }).keys[0]!;
  return { kid: jwk.kid!, key: await importJWK(jwk, 'RS256') };
}

export async function mint(signing: Awaited<ReturnType<typeof embeddedSigningKey>>, claims: Record<string, unknown>, expiresIn = '5m') {
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: signing.kid }).setIssuedAt().setExpirationTime(expiresIn).sign(signing.key);
}

/** An unsecured JWT (`alg: none`) carrying the same claims as a real token. */
export function unsecured(token: string): string {
  const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
  return `${header}.${token.split('.')[1]}.`;
}

/** The same token with one character of its payload changed. */
export function tampered(token: string): string {
  const [h, p, s] = token.split('.');
  const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
  claims.sub = `${claims.sub}x`;
  return `${h}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${s}`;
}

/**
 * A registered coach of a test API: a token signed with the embedded provider's key for a new subject
 * (verified email, one hour), the user created through `POST /api/auth/register`, and then given `plan` as an
 * installation admin would (`set-plan`'s statement): sign-up alone starts every account on Free Trial.
 */
export async function registerCoach(
  api: { url: string; db: { url: string } },
  name: string,
  plan: SignupPlan = 'Coach',
): Promise<{ token: string; sub: string }> {
  const signing = await embeddedSigningKey(api.db.url);
  const sub = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${randomBytes(4).toString('hex')}`;
  const email = `${sub}@club.example`;
  const token = await mint(signing, { sub, email, email_verified: true, iss: `${api.url}/idp`, aud: 'touchline-api' }, '1h');
  const res = await fetch(`${api.url}/api/auth/register`, {
    method: 'POST',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    body: JSON.stringify({ identityId: sub, username: name, email, plan: 'Coach' }),
  });
  if (res.status !== 201) throw new Error(`registering ${name} failed: ${res.status} ${await res.text()}`);
  if (plan !== 'Free Trial') await assignPlan(api.db.url, email, plan);
  return { token, sub };
}

/** Gives the user with this email a plan with the admin command's own statement. */
export async function assignPlan(databaseUrl: string, email: string, plan: SignupPlan): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(ASSIGN_PLAN_SQL, [email, plan, null]);
  } finally {
    await client.end();
  }
}

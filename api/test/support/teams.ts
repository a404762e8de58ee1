import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { INVITE_PAGE } from '@touchline/shared';
import { Client } from 'pg';
import { startMailCatcher } from './mail-catcher';
import { startTestApi } from './test-api';
import { bearer, registerCoach } from './tokens';

/** A copy of the product's plan catalogue whose Elite team has `seats` seats. */
export async function plansWithSeats(seats: number): Promise<string> {
  const source = await readFile(path.resolve(__dirname, '../../plans/plans.yaml'), 'utf8');
  if (!/teamSeats: \d+/.test(source)) throw new Error('the catalogue has no teamSeats');
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'touchline-plans-')), 'plans.yaml');
  await writeFile(file, source.replace(/teamSeats: \d+/, `teamSeats: ${seats}`));
  return file;
}

export interface Coach {
  token: string;
  sub: string;
  id: string;
  email: string;
}

/** Calls and fixtures for the team tests, against one running API and its database. */
export function teamKit(api: { url: string; db: { url: string } }, db: () => Client) {
  const call = (token: string | null, method: string, route: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${api.url}${route}`, {
      method,
      headers: { ...(token ? bearer(token) : {}), ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body ? JSON.stringify(body) : undefined,
    });

  async function coach(name: string, plan = 'Coach'): Promise<Coach> {
    const { token, sub } = await registerCoach(api, name);
    const row = (
      await db().query(
        `UPDATE users SET plan = $2::varchar, elite_role = CASE WHEN $2::varchar = 'Elite' THEN 'Elite Admin' END WHERE identity_id = $1 RETURNING id, email`,
        [sub, plan],
      )
    ).rows[0] as { id: string; email: string };
    return { token, sub, id: row.id, email: row.email };
  }

  /** An Elite user who opens the team routes and so founds a team. */
  async function admin(name: string): Promise<Coach> {
    const founder = await coach(name, 'Elite');
    const res = await call(founder.token, 'GET', '/api/team');
    if (res.status !== 200) throw new Error(`founding a team failed: ${res.status} ${await res.text()}`);
    return founder;
  }

  const tokenOf = (text: string): string => {
    const match = new RegExp(`${INVITE_PAGE.path}\\?${INVITE_PAGE.tokenParam}=([A-Za-z0-9_-]{43})`).exec(text);
    if (!match) throw new Error(`no invitation link in: ${text}`);
    return match[1]!;
  };

  const user = async (id: string) =>
    (await db().query('SELECT plan, elite_role AS "eliteRole" FROM users WHERE id = $1', [id])).rows[0] as { plan: string; eliteRole: string | null };

  return { call, coach, admin, tokenOf, user };
}

/**
 * An API with background jobs off and no user cache, the maildev it sends to, a database client and the team kit,
 * for the team suites; `join` has an admin invite a new coach, who accepts from the emailed link.
 */
export async function startTeamTestbed() {
  const mail = await startMailCatcher();
  const api = await startTestApi({
    TRANSCRIBER: 'none',
    BACKGROUND_JOBS: 'false',
    USER_CACHE_SECONDS: '0',
    SMTP_PORT: String(mail.smtpPort),
    SMTP_HOST: '127.0.0.1',
  });
  const db = new Client({ connectionString: api.db.url });
  await db.connect();
  const kit = teamKit(api, () => db);

  async function join(admin: Coach, name: string): Promise<Coach> {
    const coach = await kit.coach(name);
    const before = (await mail.inbox(coach.email)).length;
    const res = await kit.call(admin.token, 'POST', '/api/team/invitations', { email: coach.email, role: 'Elite Coach' });
    if (res.status !== 201) throw new Error(`invite failed: ${res.status}`);
    const token = kit.tokenOf((await mail.waitForMail(coach.email, /invited to join/, before)).text);
    const accepted = await kit.call(coach.token, 'POST', `/api/invitations/${token}/accept`);
    if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status}`);
    return coach;
  }

  async function stop() {
    await db.end();
    await api.stop();
    await mail.stop();
  }

  return { api, db, mail, kit, join, stop };
}

export type TeamTestbed = Awaited<ReturnType<typeof startTeamTestbed>>;

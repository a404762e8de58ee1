import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { promisify } from 'node:util';
import {
  CAPABILITIES,
  PLAN_MESSAGES,
  SESSION_EVENTS,
  PLANS,
  SIGNUP_PLANS,
  type Capability,
  type Plan,
  type PlanCatalogueDto,
  type PlanRequestsDto,
  type SubscriptionDto,
  type UploadUsageDto,
  type UserDto,
} from '@touchline/shared';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/app-config';
import { loadPlanCatalogue, type PlanCatalogue } from '../src/plans/plan-catalogue';
import { openEventStream } from './support/event-stream';
import { startTestApi, type TestApi } from './support/test-api';
import { assignPlan, bearer, embeddedSigningKey, mint } from './support/tokens';

const catalogue: PlanCatalogue = loadPlanCatalogue(loadConfig({}).plansFile);
const opens = (plan: Plan, capability: Capability) => catalogue.find((p) => p.name === plan)!.opens.includes(capability);
const plansOpening = (c: PlanCatalogue, capability: Capability) => c.filter((p) => !p.addOn && p.opens.includes(capability)).map((p) => p.name);

/** Every endpoint that exists today behind a capability; what each plan gets is read from the catalogue. */
const GATED: { method: string; route: string; body?: unknown; capability: Capability }[] = [
  { method: 'GET', route: '/api/dashboard/compare?ids=00000000-0000-4000-8000-000000000001,00000000-0000-4000-8000-000000000002', capability: 'compare' },
  { method: 'GET', route: '/api/dashboard/development', capability: 'development' },
  { method: 'GET', route: '/api/dashboard/goals', capability: 'development' },
  {
    method: 'POST',
    route: '/api/dashboard/goals',
    body: { figure: 'talkRatio', comparison: 'atMost', target: 0.5, targetDate: '2030-01-01' },
    capability: 'development',
  },
  {
    method: 'PUT',
    route: '/api/dashboard/goals/00000000-0000-4000-8000-000000000003',
    body: { figure: 'talkRatio', comparison: 'atMost', target: 0.5, targetDate: '2030-01-01' },
    capability: 'development',
  },
  { method: 'DELETE', route: '/api/dashboard/goals/00000000-0000-4000-8000-000000000003', capability: 'development' },
];

let api: TestApi;
let db: Client;
let signing: Awaited<ReturnType<typeof embeddedSigningKey>>;
const ADMIN = 'club.admin@club.example';
const REQUESTS_ADMIN = 'requests.admin@club.example';

const call = (token: string, method: string, route: string, body?: unknown) =>
  fetch(`${api.url}${route}`, {
    method,
    headers: { ...bearer(token), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });

let serial = 0;
/** A registered coach with a chosen email, then moved onto `plan` in the database as an admin would. */
async function coach(plan: Plan, email = `coach-${++serial}-${Date.now()}@club.example`): Promise<{ token: string; email: string }> {
  const sub = `sub-${serial}-${Math.random().toString(36).slice(2)}`;
  const token = await mint(signing, { sub, email, email_verified: true, iss: `${api.url}/idp`, aud: 'touchline-api' }, '1h');
  const res = await call(token, 'POST', '/api/auth/register', { identityId: sub, username: 'Coach', email, plan: 'Coach' });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  await db.query(`UPDATE users SET plan = $2::varchar, elite_role = CASE WHEN $2::varchar = 'Elite' THEN 'Elite Coach' END WHERE identity_id = $1`, [
    sub,
    plan,
  ]);
  return { token, email };
}

beforeAll(async () => {
  // The tests change plans in the database behind the API's back, with the user cache on as in production: the
  // database announces each change, and the API listens from start.
  api = await startTestApi({
    TRANSCRIBER: 'none',
    BACKGROUND_JOBS: 'false',
    ADMIN_EMAILS: `someone@club.example, ${ADMIN.toUpperCase()}, ${REQUESTS_ADMIN}`,
  });
  db = new Client({ connectionString: api.db.url });
  await db.connect();
  signing = await embeddedSigningKey(api.db.url);
}, 120_000);

afterAll(async () => {
  await db?.end();
  await api?.stop();
});

describe('entitlement matrix: every plan × every gated endpoint, as the catalogue says', () => {
  it.each(PLANS.map((plan) => [plan]))('%s', async (plan) => {
    const { token } = await coach(plan);
    for (const endpoint of GATED) {
      const res = await call(token, endpoint.method, endpoint.route, endpoint.body);
      const label = `${plan} ${endpoint.method} ${endpoint.route}`;
      if (opens(plan, endpoint.capability)) {
        expect(res.status, label).not.toBe(403);
        expect(res.status, label).toBeLessThan(500);
      } else {
        expect(res.status, label).toBe(403);
        expect(await res.json(), label).toEqual({
          statusCode: 403,
          message: PLAN_MESSAGES.capabilityRequired(endpoint.capability, plansOpening(catalogue, endpoint.capability)),
        });
      }
    }
  });

  it('names the plans that open a capability in the refusal', async () => {
    const { token } = await coach('Pro');
    const res = await call(token, 'GET', '/api/dashboard/development');
    expect(((await res.json()) as { message: string }).message).toBe(
      'Development needs the Coach, Coach Plus or Elite plan. Choose a plan on the Pricing page.',
    );
  });

  it('a refused request changes nothing (no goal is created)', async () => {
    const { token, email } = await coach('Goalkeeping Plus');
    expect((await call(token, 'POST', '/api/dashboard/goals', GATED[3]!.body)).status).toBe(403);
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM coaching_goals g JOIN users u ON u.id = g.owner_id WHERE u.email = $1`, [email]);
    expect(rows[0].n).toBe(0);
  });
});

describe('plan catalogue', () => {
  it('is stored in the database at start, every plan of the file', async () => {
    const { rows } = await db.query(`SELECT name, opens, team_seats, trial_days FROM plans ORDER BY position`);
    expect(rows.map((r) => r.name)).toEqual(catalogue.map((p) => p.name));
    const elite = rows.find((r) => r.name === 'Elite');
    expect(elite.opens).toEqual(expect.arrayContaining(['externalReview', 'teams']));
    expect(elite.team_seats).toBe(catalogue.find((p) => p.name === 'Elite')!.teamSeats);
    expect(rows.find((r) => r.name === 'Free Trial').trial_days).toBe(catalogue.find((p) => p.name === 'Free Trial')!.trialDays);
  });

  it('GET /api/plans answers the catalogue to anyone, without prices while billing is off', async () => {
    const res = await fetch(`${api.url}/api/plans`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as PlanCatalogueDto;
    expect(body.billing).toBe('none');
    expect(body.plans.map((p) => p.name)).toEqual(catalogue.map((p) => p.name));
    expect(body.plans.every((p) => p.prices.length === 0)).toBe(true);
    expect(body.plans.find((p) => p.name === 'Elite')).toMatchObject({ opens: ['compare', 'development', 'externalReview', 'teams'], teamSeats: 10 });
  });

  it('an edited catalogue changes what the API allows', async () => {
    const file = path.join(api.dataDir, 'plans-pro-compares.yaml');
    const text = (await import('node:fs'))
      .readFileSync(loadConfig({}).plansFile, 'utf8')
      .replace(/(- name: Pro\n(?:.*\n)*?    opens: )\[externalReview\]/, '$1[externalReview, compare]');
    await writeFile(file, text);
    const edited = loadPlanCatalogue(file);
    expect(edited.find((p) => p.name === 'Pro')!.opens).toContain('compare');
    const other = await startTestApi({ TRANSCRIBER: 'none', BACKGROUND_JOBS: 'false', PLANS_FILE: file });
    try {
      const signingOther = await embeddedSigningKey(other.db.url);
      const sub = 'pro-compares';
      const token = await mint(signingOther, { sub, email: 'pro@club.example', email_verified: true, iss: `${other.url}/idp`, aud: 'touchline-api' }, '1h');
      await fetch(`${other.url}/api/auth/register`, {
        method: 'POST',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        body: JSON.stringify({ identityId: sub, username: 'Pro', email: 'pro@club.example', plan: 'Pro' }),
      });
      await assignPlan(other.db.url, 'pro@club.example', 'Pro');
      const compare = await fetch(`${other.url}${GATED[0]!.route}`, { headers: bearer(token) });
      expect(compare.status).not.toBe(403);
      const development = await fetch(`${other.url}/api/dashboard/development`, { headers: bearer(token) });
      expect(development.status).toBe(403);
    } finally {
      await other.stop();
    }
  }, 120_000);

  it('a broken catalogue stops the start with the reason', async () => {
    const file = path.join(api.dataDir, 'plans-broken.yaml');
    await writeFile(file, 'plans:\n  - name: Coach\n    summary: x\n    opens: [teleport]\n');
    const started = await promisify(execFile)(process.execPath, [path.resolve(__dirname, '../dist/main.js')], {
      env: { ...process.env, PLANS_FILE: file, DATA_DIR: path.join(api.dataDir, 'never'), PORT: '0' },
    }).then(
      () => ({ code: 0, err: '' }),
      (e: { code: number; stderr: string }) => ({ code: e.code, err: e.stderr }),
    );
    expect(started.code).toBe(1);
    expect(started.err).toMatch(/^Invalid plan catalogue .*plans-broken\.yaml: plans\.0\.opens\.0: Invalid option: expected one of "compare"/);
  }, 60_000);
});

describe('Free Trial', () => {
  it('refuses uploads after its trial days with a way to choose a plan, and deletes nothing', async () => {
    const { token, email } = await coach('Free Trial');
    const session = { title: 'Tuesday', mediaType: 'audio', fileName: 'tuesday.mp3', sizeBytes: 1000 };
    const created = await call(token, 'POST', '/api/sessions', session);
    expect(created.status).toBe(201);
    const made = (await created.json()) as { session: { id: string } };
    const before = (await (await call(token, 'GET', '/api/subscription')).json()) as SubscriptionDto;
    expect(before).toMatchObject({ plan: 'Free Trial', trialEnded: false, billing: 'none' });

    const days = catalogue.find((p) => p.name === 'Free Trial')!.trialDays!;
    await db.query(`UPDATE users SET plan_started_at = now() - make_interval(days => $2) - interval '1 minute' WHERE email = $1`, [email, days]);
    const refused = await call(token, 'POST', '/api/sessions', { ...session, title: 'Thursday' });
    expect(refused.status).toBe(403);
    const { message } = (await refused.json()) as { message: string };
    expect(message).toMatch(/^Your Free Trial ended on \d{1,2} [A-Z][a-z]+ \d{4}\. Choose a plan on the Pricing page/);
    expect(((await (await call(token, 'GET', '/api/sessions')).json()) as { total: number }).total).toBe(1);
    expect(await (await call(token, 'GET', '/api/subscription')).json()).toMatchObject({ plan: 'Free Trial', trialEnded: true });

    // The session made during the trial cannot take its recording afterwards either: tus creation is refused alike.
    const upload = await fetch(`${api.url}/api/uploads`, {
      method: 'POST',
      headers: {
        ...bearer(token),
        'tus-resumable': '1.0.0',
        'upload-length': '1000',
        'upload-metadata': `sessionId ${Buffer.from(made.session.id).toString('base64')}`,
        'content-type': 'application/offset+octet-stream',
      },
      body: Buffer.alloc(1000),
    });
    expect(upload.status).toBe(403);
    expect(((await upload.json()) as { message: string }).message).toBe(message);
    const kept = (await (await call(token, 'GET', `/api/sessions/${made.session.id}`)).json()) as { uploadedAt: string | null; status: string };
    expect(kept).toMatchObject({ uploadedAt: null });
  });

  it('counts the trial from when the plan was given', async () => {
    const { token } = await coach('Free Trial');
    const sub = (await (await call(token, 'GET', '/api/subscription')).json()) as SubscriptionDto;
    const days = catalogue.find((p) => p.name === 'Free Trial')!.trialDays!;
    expect(new Date(sub.trialEndsAt!).getTime() - new Date(sub.planStartedAt).getTime()).toBe(days * 24 * 3600 * 1000);
  });

  it('other plans have no trial end and upload freely', async () => {
    const { token, email } = await coach('Coach');
    await db.query(`UPDATE users SET plan_started_at = now() - interval '400 days' WHERE email = $1`, [email]);
    expect(await (await call(token, 'GET', '/api/subscription')).json()).toMatchObject({ plan: 'Coach', trialEndsAt: null, trialEnded: false });
    expect((await call(token, 'POST', '/api/sessions', { title: 'Old coach', mediaType: 'audio', fileName: 'a.mp3', sizeBytes: 10 })).status).toBe(201);
  });
});

describe('monthly upload minutes', () => {
  const session = { title: 'Match day', mediaType: 'audio', fileName: 'match.mp3', sizeBytes: 1000 };
  /** A session of `seconds` uploaded at `at` and analysed, as the worker leaves it. */
  async function recorded(token: string, seconds: number | null, at = 'now()'): Promise<string> {
    const created = (await (await call(token, 'POST', '/api/sessions', session)).json()) as { session: { id: string } };
    await db.query(
      `UPDATE coaching_sessions SET uploaded_at = ${at}, storage_key = 'recordings/' || id, content_type = 'audio/mpeg', recording_seconds = $2,
         processing_status = CASE WHEN $2::numeric IS NULL THEN 'pending' ELSE 'completed' END WHERE id = $1`,
      [created.session.id, seconds],
    );
    return created.session.id;
  }
  const usage = async (token: string) => (await (await call(token, 'GET', '/api/sessions/usage')).json()) as UploadUsageDto;
  const sessionsOf = async (token: string) => ((await (await call(token, 'GET', '/api/sessions')).json()) as { total: number }).total;

  it("shows the month's minutes against the plan's limit, counting analysed recordings of this month only", async () => {
    const { token } = await coach('Coach');
    const limit = catalogue.find((p) => p.name === 'Coach')!.monthlyUploadMinutes!;
    const now = new Date();
    expect(await usage(token)).toEqual({
      usedMinutes: 0,
      limitMinutes: limit,
      resetsAt: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
    });
    await recorded(token, 90.5);
    await recorded(token, 60);
    await recorded(token, null); // uploaded, not yet analysed: not measured yet
    await recorded(token, 3600, `date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '1 second'`); // last month
    expect((await usage(token)).usedMinutes).toBe(2.5); // 150.5 s, in tenths of a minute rounded down
  });

  it('uploads until the limit is reached, then refuses the next with the date uploads open again, deleting nothing', async () => {
    const { token } = await coach('Free Trial');
    const limit = catalogue.find((p) => p.name === 'Free Trial')!.monthlyUploadMinutes!;
    await recorded(token, limit * 60 - 1);
    expect((await call(token, 'POST', '/api/sessions', session)).status).toBe(201); // one second left: this one may cross it

    await recorded(token, 1);
    const before = await sessionsOf(token);
    const refused = await call(token, 'POST', '/api/sessions', session);
    expect(refused.status).toBe(403);
    const { message } = (await refused.json()) as { message: string };
    const opens = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date((await usage(token)).resetsAt),
    );
    expect(message).toBe(PLAN_MESSAGES.uploadMinutesUsed(limit, 'Free Trial', opens));
    expect(await sessionsOf(token)).toBe(before);
    expect((await usage(token)).usedMinutes).toBe(limit);
    // Reading goes on: the list, the usage and the subscription still answer.
    expect((await call(token, 'GET', '/api/subscription')).status).toBe(200);
  });

  it('counts each coach on their own plan: a bigger plan uploads on, and another coach is untouched', async () => {
    const full = await coach('Coach');
    const other = await coach('Coach');
    const coachLimit = catalogue.find((p) => p.name === 'Coach')!.monthlyUploadMinutes!;
    await recorded(full.token, coachLimit * 60);
    expect((await call(full.token, 'POST', '/api/sessions', session)).status).toBe(403);
    expect((await call(other.token, 'POST', '/api/sessions', session)).status).toBe(201);

    await db.query(`UPDATE users SET plan = 'Coach Plus' WHERE email = $1`, [full.email]);
    await expect.poll(async () => (await call(full.token, 'POST', '/api/sessions', session)).status).toBe(201);
    expect((await usage(full.token)).limitMinutes).toBe(catalogue.find((p) => p.name === 'Coach Plus')!.monthlyUploadMinutes);
  });

  it('GET /api/sessions/usage needs a signed-in coach', async () => {
    expect((await fetch(`${api.url}/api/sessions/usage`)).status).toBe(401);
  });
});

describe('plan assignment by an installation admin', () => {
  it('PUT /api/admin/users/plan: admins only', async () => {
    const target = await coach('Coach');
    const stranger = await coach('Elite');
    const res = await call(stranger.token, 'PUT', '/api/admin/users/plan', { email: target.email, plan: 'Elite' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ statusCode: 403, message: PLAN_MESSAGES.notAdmin });
    expect((await fetch(`${api.url}/api/admin/users/plan`, { method: 'PUT' })).status).toBe(401);
    expect(((await (await call(target.token, 'GET', '/api/auth/check')).json()) as UserDto).plan).toBe('Coach');
  });

  it('moves a coach onto Elite as its admin, and off it again', async () => {
    const admin = await coach('Coach', ADMIN);
    const target = await coach('Coach');
    const res = await call(admin.token, 'PUT', '/api/admin/users/plan', { email: target.email.toUpperCase(), plan: 'Elite' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email: target.email, plan: 'Elite' });
    expect(await (await call(target.token, 'GET', '/api/auth/check')).json()).toMatchObject({ plan: 'Elite', eliteRole: 'Elite Admin' });
    expect((await call(target.token, 'GET', '/api/dashboard/development')).status).toBe(200);

    expect((await call(admin.token, 'PUT', '/api/admin/users/plan', { email: target.email, plan: 'Pro' })).status).toBe(200);
    expect(await (await call(target.token, 'GET', '/api/auth/check')).json()).toMatchObject({ plan: 'Pro', eliteRole: null });
    expect((await call(target.token, 'GET', '/api/dashboard/development')).status).toBe(403);
  });

  it('refuses an unknown email, an unknown plan and the Add-on, changing nothing', async () => {
    const admin = await coach('Coach', 'someone@club.example');
    const target = await coach('Coach');
    const unknown = await call(admin.token, 'PUT', '/api/admin/users/plan', { email: 'nobody@club.example', plan: 'Elite' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ statusCode: 404, message: PLAN_MESSAGES.userNotFound });
    for (const plan of ['Gold', 'Add-on']) {
      const res = await call(admin.token, 'PUT', '/api/admin/users/plan', { email: target.email, plan });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(`plan must be one of: ${SIGNUP_PLANS.join(', ')}`);
    }
    expect(((await (await call(target.token, 'GET', '/api/auth/check')).json()) as UserDto).plan).toBe('Coach');
  });

  it('answers a plan changed directly in the database at the next /api/auth/check, with no stream open and the user cache on', async () => {
    const target = await coach('Coach');
    const check = async () => (await (await call(target.token, 'GET', '/api/auth/check')).json()) as UserDto;
    expect((await check()).plan).toBe('Coach');
    // Cached now, for USER_CACHE_SECONDS (5 s): only the database's announcement can clear it sooner.
    expect((await check()).plan).toBe('Coach');
    await db.query(`UPDATE users SET plan = 'Pro' WHERE email = $1`, [target.email]);
    // The announcement travels on its own connection: allow it a moment, well under the cache's lifetime.
    await expect.poll(async () => (await check()).plan, { timeout: 1_500, interval: 100 }).toBe('Pro');
  });

  it("tells the coach's live stream, and no one else's, that their plan changed", async () => {
    const target = await coach('Coach');
    const bystander = await coach('Coach');
    const mine = await openEventStream(api.url, target.token);
    const theirs = await openEventStream(api.url, bystander.token);
    try {
      await db.query(`UPDATE users SET plan = 'Elite', elite_role = 'Elite Admin' WHERE email = $1`, [target.email]);
      await expect.poll(() => mine.messages.filter((m) => m.event === SESSION_EVENTS.accountEvent).length, { timeout: 10_000 }).toBe(1);
      // A change that leaves plan and role as they were announces nothing.
      await db.query(`UPDATE users SET username = 'Renamed' WHERE email = $1`, [target.email]);
      await db.query(`SELECT pg_sleep(0.3)`);
      expect(mine.messages.filter((m) => m.event === SESSION_EVENTS.accountEvent)).toHaveLength(1);
      expect(theirs.messages.some((m) => m.event === SESSION_EVENTS.accountEvent)).toBe(false);
    } finally {
      mine.close();
      theirs.close();
    }
  });

  it('npm run admin -- set-plan <email> <plan> works on the database', async () => {
    const target = await coach('Free Trial');
    const run = (...args: string[]) =>
      promisify(execFile)(process.execPath, [path.resolve(__dirname, '../dist/cli/admin.js'), ...args], {
        env: { ...process.env, DATABASE_URL: api.db.url, LOG_LEVEL: 'silent' },
      }).then(
        (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
        (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
      );
    expect(await run('set-plan', target.email, 'Coach Plus')).toEqual({ code: 0, out: `${target.email} is now on Coach Plus.\n`, err: '' });
    expect(await (await call(target.token, 'GET', '/api/subscription')).json()).toMatchObject({ plan: 'Coach Plus', trialEndsAt: null });
    const bad = await run('set-plan', target.email, 'Platinum');
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/Unknown plan "Platinum"/);
    const nobody = await run('set-plan', 'nobody@club.example', 'Elite');
    expect(nobody.code).toBe(2);
    expect(nobody.err).toMatch(/No coach has the email address nobody@club\.example/);
    expect(((await (await call(target.token, 'GET', '/api/auth/check')).json()) as UserDto).plan).toBe('Coach Plus');
  }, 60_000);
});

describe('sign-up plans with billing off', () => {
  /** A coach who chose `plan` on /signup, registered as the web app does; nothing changed behind the API's back. */
  async function signUp(target: TestApi, plan: string, email = `chose-${++serial}-${Date.now()}@club.example`) {
    const signingKey = target === api ? signing : await embeddedSigningKey(target.db.url);
    const sub = `chose-${serial}-${Math.random().toString(36).slice(2)}`;
    const token = await mint(signingKey, { sub, email, email_verified: true, iss: `${target.url}/idp`, aud: 'touchline-api' }, '1h');
    const res = await fetch(`${target.url}/api/auth/register`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ identityId: sub, username: 'Chooser', email, plan }),
    });
    expect(res.status).toBe(201);
    return { token, email, user: (await res.json()) as UserDto };
  }
  const requests = async (token: string) => (await (await call(token, 'GET', '/api/admin/plan-requests')).json()) as PlanRequestsDto;
  const runAdmin = (...args: string[]) =>
    promisify(execFile)(process.execPath, [path.resolve(__dirname, '../dist/cli/admin.js'), ...args], {
      env: { ...process.env, DATABASE_URL: api.db.url, LOG_LEVEL: 'silent' },
    }).then(
      (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
    );

  let admin: { token: string };
  beforeAll(async () => {
    admin = await coach('Coach', REQUESTS_ADMIN);
  });

  it('starts everyone on Free Trial and keeps the chosen plan as a request that an admin lists and grants', async () => {
    const { token, email, user } = await signUp(api, 'Elite');
    expect(user).toMatchObject({ plan: 'Free Trial', eliteRole: null, requestedPlan: 'Elite' });
    expect(await (await call(token, 'GET', '/api/subscription')).json()).toMatchObject({ plan: 'Free Trial' });
    expect((await call(token, 'GET', '/api/team')).status).not.toBe(200);

    // Only installation admins see the requests.
    expect((await call(token, 'GET', '/api/admin/plan-requests')).status).toBe(403);
    const listed = (await requests(admin.token)).requests.find((r) => r.email === email);
    expect(listed).toMatchObject({ email, username: 'Chooser', plan: 'Free Trial', requestedPlan: 'Elite' });
    expect(Date.parse(listed!.requestedAt)).toBeGreaterThan(Date.now() - 60_000);
    const cli = await runAdmin('requests');
    expect(cli.code).toBe(0);
    expect(cli.out).toMatch(new RegExp(`${email.replace(/\./g, '\\.')}\tChooser\tasks for Elite \\(on Free Trial\\)`));

    // Granting is giving the plan: Elite with its team's admin role, and the request is answered.
    expect((await call(admin.token, 'PUT', '/api/admin/users/plan', { email, plan: 'Elite' })).status).toBe(200);
    expect(await (await call(token, 'GET', '/api/auth/check')).json()).toMatchObject({ plan: 'Elite', eliteRole: 'Elite Admin', requestedPlan: null });
    expect((await requests(admin.token)).requests.some((r) => r.email === email)).toBe(false);
  }, 60_000);

  it('lets an admin decline a request, over the API and the command line, and says when there is none', async () => {
    const first = await signUp(api, 'Pro');
    const second = await signUp(api, 'Coach Plus');
    const decline = (email: string) => call(admin.token, 'POST', '/api/admin/plan-requests/decline', { email });

    const declined = await decline(first.email.toUpperCase());
    expect(declined.status).toBe(200);
    expect(await (await call(first.token, 'GET', '/api/auth/check')).json()).toMatchObject({ plan: 'Free Trial', requestedPlan: null });
    expect(await (await decline(first.email)).json()).toEqual({ statusCode: 404, message: PLAN_MESSAGES.noPlanRequest });
    expect(await (await decline('nobody@club.example')).json()).toEqual({ statusCode: 404, message: PLAN_MESSAGES.userNotFound });
    expect((await call(first.token, 'POST', '/api/admin/plan-requests/decline', { email: second.email })).status).toBe(403);

    expect(await runAdmin('decline', second.email)).toEqual({ code: 0, out: `${second.email}'s request for Coach Plus is declined.\n`, err: '' });
    const again = await runAdmin('decline', second.email);
    expect(again.code).toBe(2);
    expect(again.err).toMatch(/has a pending plan request/);
    expect((await requests(admin.token)).requests.some((r) => [first.email, second.email].includes(r.email))).toBe(false);
  }, 60_000);

  it('starts new accounts on the plan the club names in SIGNUP_PLAN, and refuses Elite there', async () => {
    const other = await startTestApi({ TRANSCRIBER: 'none', BACKGROUND_JOBS: 'false', SIGNUP_PLAN: 'Coach' });
    try {
      expect((await signUp(other, 'Free Trial')).user).toMatchObject({ plan: 'Coach', requestedPlan: null });
      expect((await signUp(other, 'Coach')).user).toMatchObject({ plan: 'Coach', requestedPlan: null });
      expect((await signUp(other, 'Elite')).user).toMatchObject({ plan: 'Coach', eliteRole: null, requestedPlan: 'Elite' });
    } finally {
      await other.stop();
    }
    expect(() => loadConfig({ SIGNUP_PLAN: 'Elite' })).toThrow(/SIGNUP_PLAN must be one of Free Trial, Coach, Coach Plus, Pro, Goalkeeping Plus/);
  }, 120_000);
});

// Keep the capability list and the matrix's endpoints honest: every capability with an endpoint today is tested.
it('the matrix covers compare and development; externalReview and teams are catalogued for what comes next', () => {
  expect(new Set(GATED.map((g) => g.capability))).toEqual(new Set(['compare', 'development']));
  expect(CAPABILITIES).toEqual(['compare', 'development', 'externalReview', 'teams']);
});

describe('billing off (BILLING_PROVIDER=none)', () => {
  it('sells nothing: checkout, portal and webhook answer that the club manages plans, and no subscription is shown', async () => {
    const { token } = await coach('Coach');
    for (const [route, body] of [
      ['/api/billing/checkout', { plan: 'Elite', interval: 'month' }],
      ['/api/billing/portal', {}],
    ] as const) {
      const res = await call(token, 'POST', route, body);
      expect(res.status, route).toBe(409);
      expect(await res.json(), route).toEqual({ statusCode: 409, message: PLAN_MESSAGES.managedByClub });
    }
    const webhook = await fetch(`${api.url}/api/billing/stripe/webhook`, { method: 'POST', headers: { 'stripe-signature': 't=1,v1=x' }, body: '{}' });
    expect(webhook.status).toBe(409);
    expect(await (await call(token, 'GET', '/api/subscription')).json()).toMatchObject({ plan: 'Coach', billing: 'none', paid: null });
    expect(await (await call(token, 'GET', '/api/auth/check')).json()).toMatchObject({ plan: 'Coach' });
  });
});

import { createHash } from 'node:crypto';
import {
  TEAM_LIMITS,
  TEAM_MESSAGES,
  type PublicInvitationDto,
  type TeamDto,
  type TeamInvitationDto,
  type TeamMemberDto,
  type UserDto,
} from '@touchline/shared';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRubric } from '../src/analysis/rubric/rubric';
import { INVITATION_LOOKUPS_PER_ADDRESS } from '../src/teams/team-throttle';
import { startMailCatcher } from './support/mail-catcher';
import { seedAnalysedSession } from './support/seed-reports';
import { plansWithSeats, teamKit, type Coach } from './support/teams';
import { startTestApi, type TestApi } from './support/test-api';

const SEATS = 3;
const INSTALLER = 'installer@club.example';
const rubric = loadRubric();
let api: TestApi;
let db: Client;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let kit: ReturnType<typeof teamKit>;

beforeAll(async () => {
  mail = await startMailCatcher();
  // The tests change users in the database behind the API's back: no cached user may hide that.
  api = await startTestApi({
    TRANSCRIBER: 'none',
    BACKGROUND_JOBS: 'false',
    USER_CACHE_SECONDS: '0',
    TRUST_PROXY: 'true',
    ADMIN_EMAILS: INSTALLER,
    SMTP_PORT: String(mail.smtpPort),
    SMTP_HOST: '127.0.0.1',
    PLANS_FILE: await plansWithSeats(SEATS),
  });
  db = new Client({ connectionString: api.db.url });
  await db.connect();
  kit = teamKit(api, () => db);
}, 120_000);

afterAll(async () => {
  await db?.end();
  await api?.stop();
  await mail?.stop();
});

const json = async <T>(res: Response, status: number): Promise<T> => {
  const body = (await res.json()) as T;
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body;
};

/** Invites `email` and answers the invitation and the token of the link the invitee received. */
async function invite(admin: Coach, email: string, role = 'Elite Coach'): Promise<{ invitation: TeamInvitationDto; token: string }> {
  const before = (await mail.inbox(email)).length;
  const invitation = await json<TeamInvitationDto>(await kit.call(admin.token, 'POST', '/api/team/invitations', { email, role }), 201);
  const received = await mail.waitForMail(email, /invited to join/, before);
  return { invitation, token: kit.tokenOf(received.text) };
}

const view = (token: string) => kit.call(null, 'GET', `/api/invitations/${token}`);
const accept = (coach: Coach, token: string) => kit.call(coach.token, 'POST', `/api/invitations/${token}/accept`);
const expectError = async (res: Response, status: number, message: string) => expect(await json(res, status)).toEqual({ statusCode: status, message });

describe('team ownership', () => {
  it('an Elite user founds a team as its Elite Admin, with the catalogue’s seats; others have no team', async () => {
    const founder = await kit.coach('Founder', 'Elite');
    await db.query(`UPDATE users SET elite_role = 'Elite Coach' WHERE id = $1`, [founder.id]);
    const team = await json<TeamDto>(await kit.call(founder.token, 'GET', '/api/team'), 200);
    expect(team).toMatchObject({ name: 'Founder’s team', seats: SEATS, seatsUsed: 1, role: 'Elite Admin' });
    expect(await kit.user(founder.id)).toEqual({ plan: 'Elite', eliteRole: 'Elite Admin' });
    // The same team on every later call.
    expect((await json<TeamDto>(await kit.call(founder.token, 'GET', '/api/team'), 200)).id).toBe(team.id);

    const plain = await kit.coach('Plain');
    await expectError(await kit.call(plain.token, 'GET', '/api/team'), 404, TEAM_MESSAGES.notFound);
  });

  it('renames the team, refusing an empty or blank name, control characters and more than 80 characters', async () => {
    const admin = await kit.admin('Renamer');
    expect((await json<TeamDto>(await kit.call(admin.token, 'PUT', '/api/team', { name: '  U14 Coaches ' }), 200)).name).toBe('U14 Coaches');
    for (const name of [' ', '\u00a0\ufeff', 'U14\u000f', 'x'.repeat(TEAM_LIMITS.teamNameMaxLength + 1)])
      await expectError(await kit.call(admin.token, 'PUT', '/api/team', { name }), 400, TEAM_MESSAGES.teamName);
    expect((await json<TeamDto>(await kit.call(admin.token, 'GET', '/api/team'), 200)).name).toBe('U14 Coaches');
    // The length counts characters: 80 of them outside the Basic Multilingual Plane are a valid name.
    const wide = '⚽🏆'.repeat(TEAM_LIMITS.teamNameMaxLength / 2);
    expect((await json<TeamDto>(await kit.call(admin.token, 'PUT', '/api/team', { name: wide }), 200)).name).toBe(wide);
  });
});

describe('invitation lifecycle', () => {
  it('emails a link whose token only the email holds; the page shows team, inviter, address and role', async () => {
    const admin = await kit.admin('Inviter');
    const invitee = await kit.coach('Invitee');
    const { invitation, token } = await invite(admin, invitee.email);
    expect(invitation).toMatchObject({ email: invitee.email, role: 'Elite Coach', state: 'pending', invitedBy: 'Inviter' });
    const expires = new Date(invitation.expiresAt).getTime() - new Date(invitation.sentAt).getTime();
    expect(Math.round(expires / 86_400_000)).toBe(TEAM_LIMITS.defaultInvitationExpiryDays);

    const stored = (await db.query('SELECT * FROM team_invitations WHERE id = $1', [invitation.id])).rows[0] as Record<string, unknown>;
    expect(stored.token_hash).toEqual(createHash('sha256').update(token).digest());
    expect(JSON.stringify(stored)).not.toContain(token);

    expect(await json<PublicInvitationDto>(await view(token), 200)).toEqual({
      state: 'pending',
      teamName: 'Inviter’s team',
      inviterName: 'Inviter',
      email: invitee.email,
      role: 'Elite Coach',
      expiresAt: invitation.expiresAt,
    });
  });

  it('accepting moves the coach to Elite with the role, once; the address matches in any case', async () => {
    const admin = await kit.admin('Accepting Admin');
    const invitee = await kit.coach('Joiner');
    const { token } = await invite(admin, invitee.email.toUpperCase(), 'Elite Admin');
    const team = await json<TeamDto>(await accept(invitee, token), 200);
    expect(team).toMatchObject({ role: 'Elite Admin', seatsUsed: 2 });
    const me = await json<UserDto>(await kit.call(invitee.token, 'GET', '/api/auth/check'), 200);
    expect(me).toMatchObject({ plan: 'Elite', eliteRole: 'Elite Admin' });

    expect(await json<PublicInvitationDto>(await view(token), 200)).toMatchObject({ state: 'accepted', email: null, role: null });
    await expectError(await accept(invitee, token), 410, TEAM_MESSAGES.invitationUsed);
    const members = await json<TeamMemberDto[]>(await kit.call(admin.token, 'GET', '/api/team/members'), 200);
    expect(members.map((m) => [m.username, m.role])).toEqual([
      ['Accepting Admin', 'Elite Admin'],
      ['Joiner', 'Elite Admin'],
    ]);
  });

  it('an expired invitation says so and cannot be accepted; resending it makes a new link', async () => {
    const admin = await kit.admin('Expiring Admin');
    const invitee = await kit.coach('Late');
    const { invitation, token } = await invite(admin, invitee.email);
    await db.query(`UPDATE team_invitations SET expires_at = now() - interval '1 minute' WHERE id = $1`, [invitation.id]);
    expect(await json<PublicInvitationDto>(await view(token), 200)).toMatchObject({ state: 'expired', email: null });
    await expectError(await accept(invitee, token), 410, TEAM_MESSAGES.invitationExpired);
    expect(await kit.user(invitee.id)).toEqual({ plan: 'Coach', eliteRole: null });

    const before = (await mail.inbox(invitee.email)).length;
    const resent = await json<TeamInvitationDto>(await kit.call(admin.token, 'POST', `/api/team/invitations/${invitation.id}/resend`), 200);
    expect(resent.state).toBe('pending');
    const fresh = kit.tokenOf((await mail.waitForMail(invitee.email, /invited to join/, before)).text);
    expect(fresh).not.toBe(token);
    await expectError(await view(token), 404, TEAM_MESSAGES.invitationUnknown);
    await expectError(await accept(invitee, token), 404, TEAM_MESSAGES.invitationUnknown);
    expect((await json<TeamDto>(await accept(invitee, fresh), 200)).role).toBe('Elite Coach');
  });

  it('resending a pending invitation replaces its token: the old link stops working', async () => {
    const admin = await kit.admin('Resending Admin');
    const invitee = await kit.coach('Resent');
    const { invitation, token } = await invite(admin, invitee.email);
    const before = (await mail.inbox(invitee.email)).length;
    await json(await kit.call(admin.token, 'POST', `/api/team/invitations/${invitation.id}/resend`), 200);
    const fresh = kit.tokenOf((await mail.waitForMail(invitee.email, /invited to join/, before)).text);
    await expectError(await view(token), 404, TEAM_MESSAGES.invitationUnknown);
    expect((await json<PublicInvitationDto>(await view(fresh), 200)).state).toBe('pending');
    const open = await json<TeamInvitationDto[]>(await kit.call(admin.token, 'GET', '/api/team/invitations'), 200);
    expect(open.map((i) => i.id)).toEqual([invitation.id]);
  });

  it('a revoked invitation says so, cannot be accepted, and leaves the list', async () => {
    const admin = await kit.admin('Revoking Admin');
    const invitee = await kit.coach('Revoked');
    const { invitation, token } = await invite(admin, invitee.email);
    expect((await kit.call(admin.token, 'DELETE', `/api/team/invitations/${invitation.id}`)).status).toBe(204);
    expect(await json<PublicInvitationDto>(await view(token), 200)).toMatchObject({ state: 'revoked', email: null });
    await expectError(await accept(invitee, token), 410, TEAM_MESSAGES.invitationRevoked);
    await expectError(await kit.call(admin.token, 'DELETE', `/api/team/invitations/${invitation.id}`), 409, TEAM_MESSAGES.notOpen);
    await expectError(await kit.call(admin.token, 'POST', `/api/team/invitations/${invitation.id}/resend`), 409, TEAM_MESSAGES.notOpen);
    expect(await json<TeamInvitationDto[]>(await kit.call(admin.token, 'GET', '/api/team/invitations'), 200)).toEqual([]);
    expect(await kit.user(invitee.id)).toEqual({ plan: 'Coach', eliteRole: null });
  });

  it('another account cannot accept it: both addresses are named and nothing changes', async () => {
    const admin = await kit.admin('Bound Admin');
    const invitee = await kit.coach('Bound');
    const stranger = await kit.coach('Stranger');
    const { token } = await invite(admin, invitee.email);
    await expectError(await accept(stranger, token), 403, TEAM_MESSAGES.wrongAccount(invitee.email, stranger.email));
    expect(await kit.user(stranger.id)).toEqual({ plan: 'Coach', eliteRole: null });
    expect((await json<PublicInvitationDto>(await view(token), 200)).state).toBe('pending');
  });

  it('an unknown or malformed token is a 404 that says nothing more, for the page and for accepting', async () => {
    const someone = await kit.coach('Guesser');
    for (const token of ['A'.repeat(43), 'short', `${'A'.repeat(42)}%21`]) {
      await expectError(await view(token), 404, TEAM_MESSAGES.invitationUnknown);
      await expectError(await accept(someone, token), 404, TEAM_MESSAGES.invitationUnknown);
    }
  });

  it('refuses an address that is already invited or already a member', async () => {
    const admin = await kit.admin('Duplicate Admin');
    const invitee = await kit.coach('Twice');
    const { token } = await invite(admin, invitee.email);
    await expectError(
      await kit.call(admin.token, 'POST', '/api/team/invitations', { email: invitee.email, role: 'Elite Coach' }),
      409,
      TEAM_MESSAGES.alreadyInvited,
    );
    await json(await accept(invitee, token), 200);
    await expectError(
      await kit.call(admin.token, 'POST', '/api/team/invitations', { email: invitee.email, role: 'Elite Coach' }),
      409,
      TEAM_MESSAGES.alreadyMember,
    );
    await expectError(
      await kit.call(admin.token, 'POST', '/api/team/invitations', { email: admin.email, role: 'Elite Coach' }),
      409,
      TEAM_MESSAGES.alreadyMember,
    );
  });

  it('refuses bad input with the field’s message and invites no one', async () => {
    const admin = await kit.admin('Careful Admin');
    await expectError(await kit.call(admin.token, 'POST', '/api/team/invitations', { email: 'not-an-address', role: 'Elite Coach' }), 400, TEAM_MESSAGES.email);
    await expectError(await kit.call(admin.token, 'POST', '/api/team/invitations', { email: 'x@club.example', role: 'Owner' }), 400, TEAM_MESSAGES.role);
    expect(await json<TeamInvitationDto[]>(await kit.call(admin.token, 'GET', '/api/team/invitations'), 200)).toEqual([]);
  });
});

describe('seats', () => {
  it('active members plus pending invitations never exceed the seats; a revoked invitation frees its seat', async () => {
    const admin = await kit.admin('Seat Admin');
    const first = await invite(admin, 'seat-one@club.example');
    await invite(admin, 'seat-two@club.example');
    await expectError(
      await kit.call(admin.token, 'POST', '/api/team/invitations', { email: 'seat-three@club.example', role: 'Elite Coach' }),
      409,
      TEAM_MESSAGES.seatsFull(SEATS),
    );
    expect((await json<TeamDto>(await kit.call(admin.token, 'GET', '/api/team'), 200)).seatsUsed).toBe(SEATS);
    await kit.call(admin.token, 'DELETE', `/api/team/invitations/${first.invitation.id}`);
    await invite(admin, 'seat-three@club.example');
  });

  it('an expired invitation holds no seat, so resending it needs a free one', async () => {
    const admin = await kit.admin('Expired Seat Admin');
    const stale = await invite(admin, 'stale-seat@club.example');
    await db.query(`UPDATE team_invitations SET expires_at = now() - interval '1 minute' WHERE id = $1`, [stale.invitation.id]);
    await invite(admin, 'fresh-seat-1@club.example');
    await invite(admin, 'fresh-seat-2@club.example');
    await expectError(await kit.call(admin.token, 'POST', `/api/team/invitations/${stale.invitation.id}/resend`), 409, TEAM_MESSAGES.seatsFull(SEATS));
  });
});

describe('roles and removal', () => {
  it('the last Elite Admin can be neither demoted nor removed; with a second admin both work', async () => {
    const admin = await kit.admin('Only Admin');
    const invitee = await kit.coach('Second');
    await json(await accept(invitee, (await invite(admin, invitee.email)).token), 200);

    await expectError(await kit.call(admin.token, 'PUT', `/api/team/members/${admin.id}/role`, { role: 'Elite Coach' }), 409, TEAM_MESSAGES.lastAdmin);
    await expectError(await kit.call(admin.token, 'DELETE', `/api/team/members/${admin.id}`), 409, TEAM_MESSAGES.lastAdmin);

    const promoted = await json<TeamMemberDto>(await kit.call(admin.token, 'PUT', `/api/team/members/${invitee.id}/role`, { role: 'Elite Admin' }), 200);
    expect(promoted.role).toBe('Elite Admin');
    expect(await kit.user(invitee.id)).toEqual({ plan: 'Elite', eliteRole: 'Elite Admin' });

    // Now the first admin may step down; the second may no longer.
    expect((await json<TeamMemberDto>(await kit.call(admin.token, 'PUT', `/api/team/members/${admin.id}/role`, { role: 'Elite Coach' }), 200)).role).toBe(
      'Elite Coach',
    );
    expect(await kit.user(admin.id)).toEqual({ plan: 'Elite', eliteRole: 'Elite Coach' });
    await expectError(await kit.call(admin.token, 'GET', '/api/team/members'), 404, TEAM_MESSAGES.notFound);
    await expectError(await kit.call(invitee.token, 'DELETE', `/api/team/members/${invitee.id}`), 409, TEAM_MESSAGES.lastAdmin);
  });

  it('removing a coach ends the membership: the coach keeps account, plan before joining and sessions, which leave the team', async () => {
    const admin = await kit.admin('Removing Admin');
    const leaver = await kit.coach('Leaver', 'Coach Plus');
    await json(await accept(leaver, (await invite(admin, leaver.email)).token), 200);
    await seedAnalysedSession(db, leaver.id, rubric, {
      title: 'Leaver drill',
      minute: 0,
      durationSeconds: 120,
      utterances: [{ start: 5, end: 9, text: 'Well done!' }],
    });
    const page = await json<{ total: number }>(await kit.call(admin.token, 'GET', '/api/team/sessions'), 200);
    expect(page.total).toBe(1);

    expect((await kit.call(admin.token, 'DELETE', `/api/team/members/${leaver.id}`)).status).toBe(204);
    expect(await kit.user(leaver.id)).toEqual({ plan: 'Coach Plus', eliteRole: null });
    expect((await json<{ total: number }>(await kit.call(leaver.token, 'GET', '/api/sessions'), 200)).total).toBe(1);
    expect((await json<{ total: number }>(await kit.call(admin.token, 'GET', '/api/team/sessions'), 200)).total).toBe(0);
    await expectError(await kit.call(leaver.token, 'GET', '/api/team'), 404, TEAM_MESSAGES.notFound);
    await expectError(await kit.call(admin.token, 'DELETE', `/api/team/members/${leaver.id}`), 404, TEAM_MESSAGES.memberNotFound);
    expect((await json<TeamDto>(await kit.call(admin.token, 'GET', '/api/team'), 200)).seatsUsed).toBe(1);
  });

  it('tells a coach by email and on their next visit when they are removed or their role changes, until they dismiss it', async () => {
    const admin = await kit.admin('Telling Admin');
    const coach = await kit.coach('Told Coach', 'Coach');
    await json(await accept(coach, (await invite(admin, coach.email)).token), 200);
    const team = (await json<TeamDto>(await kit.call(admin.token, 'GET', '/api/team'), 200)).name;
    const check = async () => json<UserDto>(await kit.call(coach.token, 'GET', '/api/auth/check'), 200);
    expect((await check()).notice).toBeNull();

    expect((await kit.call(admin.token, 'PUT', `/api/team/members/${coach.id}/role`, { role: 'Elite Admin' })).status).toBe(200);
    expect((await check()).notice).toBe(TEAM_MESSAGES.roleNotice(team, 'Elite Admin'));
    const roleMail = await mail.waitForMail(coach.email, /membership of .* has changed/);
    expect(roleMail.text).toContain(TEAM_MESSAGES.roleNotice(team, 'Elite Admin'));

    const dismissed = await json<UserDto>(await kit.call(coach.token, 'DELETE', '/api/auth/notice'), 200);
    expect(dismissed.notice).toBeNull();
    expect((await check()).notice).toBeNull();

    expect((await kit.call(admin.token, 'DELETE', `/api/team/members/${coach.id}`)).status).toBe(204);
    expect((await check()).notice).toBe(TEAM_MESSAGES.removedNotice(team, 'Coach'));
    await expect.poll(async () => (await mail.inbox(coach.email)).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    expect((await mail.inbox(coach.email)).some((m) => m.text.includes(TEAM_MESSAGES.removedNotice(team, 'Coach')))).toBe(true);
  });

  it('removal gives back the plan with its start: a trial resumes with the days it had left, a spent one stays ended', async () => {
    const admin = await kit.admin('Trial Admin');
    const started = async (id: string) => ((await db.query('SELECT plan_started_at AS "at" FROM users WHERE id = $1', [id])).rows[0] as { at: Date }).at;
    const subscription = async (coach: Coach) =>
      json<{ plan: string; planStartedAt: string; trialEnded: boolean }>(await kit.call(coach.token, 'GET', '/api/subscription'), 200);

    // Ten days into a 14-day trial: after leaving, four days remain, not a fresh fourteen.
    const trialing = await kit.coach('Trialing', 'Free Trial');
    await db.query(`UPDATE users SET plan_started_at = now() - interval '10 days' WHERE id = $1`, [trialing.id]);
    const before = await started(trialing.id);
    await json(await accept(trialing, (await invite(admin, trialing.email)).token), 200);
    expect(await started(trialing.id)).not.toEqual(before);
    expect((await kit.call(admin.token, 'DELETE', `/api/team/members/${trialing.id}`)).status).toBe(204);
    expect(await subscription(trialing)).toMatchObject({ plan: 'Free Trial', planStartedAt: before.toISOString(), trialEnded: false });

    // A trial that ran out before joining stays ended.
    const spent = await kit.coach('Spent Trial', 'Free Trial');
    await db.query(`UPDATE users SET plan_started_at = now() - interval '30 days' WHERE id = $1`, [spent.id]);
    await json(await accept(spent, (await invite(admin, spent.email)).token), 200);
    expect((await kit.call(admin.token, 'DELETE', `/api/team/members/${spent.id}`)).status).toBe(204);
    expect(await subscription(spent)).toMatchObject({ plan: 'Free Trial', trialEnded: true });
  });

  it('moving a member off Elite ends the membership and frees the seat; the last admin of a team with others is refused', async () => {
    const installer = await kit.coach('Installer');
    await db.query('UPDATE users SET email = $2 WHERE id = $1', [installer.id, INSTALLER]);
    const setPlan = (email: string, plan: string) => kit.call(installer.token, 'PUT', '/api/admin/users/plan', { email, plan });
    const admin = await kit.admin('Plan Admin');
    const member = await kit.coach('Plan Member');
    await json(await accept(member, (await invite(admin, member.email)).token), 200);
    expect((await json<TeamDto>(await kit.call(admin.token, 'GET', '/api/team'), 200)).seatsUsed).toBe(2);

    await expectError(await setPlan(admin.email, 'Coach'), 409, TEAM_MESSAGES.lastAdminPlan);
    expect(await kit.user(admin.id)).toEqual({ plan: 'Elite', eliteRole: 'Elite Admin' });

    expect((await setPlan(member.email, 'Coach')).status).toBe(200);
    expect(await kit.user(member.id)).toEqual({ plan: 'Coach', eliteRole: null });
    expect((await json<TeamDto>(await kit.call(admin.token, 'GET', '/api/team'), 200)).seatsUsed).toBe(1);
    expect((await json<TeamMemberDto[]>(await kit.call(admin.token, 'GET', '/api/team/members'), 200)).map((m) => m.userId)).toEqual([admin.id]);

    // Alone now, the admin may leave Elite: the team is closed with its invitations.
    await invite(admin, 'closing-invitee@club.example');
    expect((await setPlan(admin.email, 'Coach')).status).toBe(200);
    expect((await db.query('SELECT count(*)::int AS n FROM team_members WHERE user_id = $1', [admin.id])).rows[0]).toEqual({ n: 0 });
    expect((await setPlan(admin.email, 'Elite')).status).toBe(200);
    expect((await json<TeamDto>(await kit.call(admin.token, 'GET', '/api/team'), 200)).seatsUsed).toBe(1);
  });

  it('a subscription that ends for the last admin closes the team: every member gets back the plan they had', async () => {
    const admin = await kit.admin('Lapsed Admin');
    const member = await kit.coach('Lapsed Member', 'Coach Plus');
    await json(await accept(member, (await invite(admin, member.email)).token), 200);
    await invite(admin, 'lapsed-invitee@club.example');
    const lapse = async (source: string | null) => {
      await db.query('BEGIN');
      try {
        if (source) await db.query(`SELECT set_config('touchline.plan_source', $1, true)`, [source]);
        await db.query(`UPDATE users SET plan = 'Free Trial', elite_role = NULL WHERE id = $1`, [admin.id]);
        await db.query('COMMIT');
      } catch (error) {
        await db.query('ROLLBACK');
        throw error;
      }
    };

    // Any other source is still refused, as the admin command is.
    await expect(lapse(null)).rejects.toMatchObject({ code: 'TL409' });
    expect(await kit.user(member.id)).toEqual({ plan: 'Elite', eliteRole: 'Elite Coach' });

    await lapse('billing');
    expect(await kit.user(admin.id)).toEqual({ plan: 'Free Trial', eliteRole: null });
    expect(await kit.user(member.id)).toEqual({ plan: 'Coach Plus', eliteRole: null });
    expect((await db.query('SELECT count(*)::int AS n FROM team_members WHERE user_id = ANY($1)', [[admin.id, member.id]])).rows[0]).toEqual({ n: 0 });
    expect((await kit.call(member.token, 'GET', '/api/team')).status).toBe(404);
  });

  it('a coach alone in a team of their own joins another; one whose team has others must leave it first', async () => {
    const admin = await kit.admin('Host Admin');
    const solo = await kit.admin('Solo Founder');
    await json(await accept(solo, (await invite(admin, solo.email)).token), 200);
    expect((await json<TeamDto>(await kit.call(solo.token, 'GET', '/api/team'), 200)).name).toBe('Host Admin’s team');

    const busy = await kit.admin('Busy Founder');
    await invite(busy, 'busy-invitee@club.example');
    const { token } = await invite(admin, busy.email);
    await expectError(await accept(busy, token), 409, TEAM_MESSAGES.inOtherTeam);
  });
});

describe('rate limits', () => {
  it(`answers one client address at most ${INVITATION_LOOKUPS_PER_ADDRESS} token lookups in 10 minutes`, async () => {
    const from = (address: string) => ({ 'x-forwarded-for': address });
    const guess = 'B'.repeat(43);
    for (let i = 0; i < INVITATION_LOOKUPS_PER_ADDRESS; i++)
      expect((await kit.call(null, 'GET', `/api/invitations/${guess}`, undefined, from('203.0.113.7'))).status).toBe(404);
    await expectError(await kit.call(null, 'GET', `/api/invitations/${guess}`, undefined, from('203.0.113.7')), 429, TEAM_MESSAGES.tooManyLookups);
    expect((await kit.call(null, 'GET', `/api/invitations/${guess}`, undefined, from('203.0.113.8'))).status).toBe(404);
  });

  it(`lets one team send at most ${TEAM_LIMITS.invitationsPerTeamPerHour} invitations an hour`, async () => {
    const admin = await kit.admin('Busy Team Admin');
    const send = (i: number) => kit.call(admin.token, 'POST', '/api/team/invitations', { email: `team-flood-${i}@club.example`, role: 'Elite Coach' });
    for (let i = 0; i < TEAM_LIMITS.invitationsPerTeamPerHour; i++) {
      const sent = await json<TeamInvitationDto>(await send(i), 201);
      // Revoked at once, so the seats are not what stops it.
      expect((await kit.call(admin.token, 'DELETE', `/api/team/invitations/${sent.id}`)).status).toBe(204);
    }
    await expectError(await send(TEAM_LIMITS.invitationsPerTeamPerHour), 429, TEAM_MESSAGES.tooManyInvitations);
    expect(await mail.inbox(`team-flood-${TEAM_LIMITS.invitationsPerTeamPerHour}@club.example`)).toEqual([]);
  });

  it(`sends one address at most ${TEAM_LIMITS.invitationsPerAddressPerHour} invitations an hour`, async () => {
    const admin = await kit.admin('Flooding Admin');
    const { invitation } = await invite(admin, 'flooded@club.example');
    for (let i = 1; i < TEAM_LIMITS.invitationsPerAddressPerHour; i++) {
      await json(await kit.call(admin.token, 'POST', `/api/team/invitations/${invitation.id}/resend`), 200);
    }
    await expectError(await kit.call(admin.token, 'POST', `/api/team/invitations/${invitation.id}/resend`), 429, TEAM_MESSAGES.tooManyInvitations);
    // Another team cannot reach the address either.
    const other = await kit.admin('Other Flooding Admin');
    await expectError(
      await kit.call(other.token, 'POST', '/api/team/invitations', { email: 'FLOODED@club.example', role: 'Elite Coach' }),
      429,
      TEAM_MESSAGES.tooManyInvitations,
    );
    expect(await json<TeamInvitationDto[]>(await kit.call(other.token, 'GET', '/api/team/invitations'), 200)).toEqual([]);
  });
});

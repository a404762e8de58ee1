import { mkdir, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { TEAM_MESSAGES, type TeamInvitationDto } from '@touchline/shared';
import type { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRubric } from '../src/analysis/rubric/rubric';
import { seedAnalysedSession } from './support/seed-reports';
import { startTeamTestbed, type Coach, type TeamTestbed } from './support/teams';
import type { TestApi } from './support/test-api';

const rubric = loadRubric();
let testbed: TeamTestbed;
let api: TestApi;
let db: Client;
let kit: TeamTestbed['kit'];

/** Team A's admin and coach, its removed coach, team B's admin and coach, a coach without a team. */
const who = {} as Record<'adminA' | 'coachA' | 'removedA' | 'adminB' | 'coachB' | 'nonElite', Coach>;
/** Team A's resources that the matrix targets. */
let sessionA: string;
let invitationA: TeamInvitationDto;

beforeAll(async () => {
  testbed = await startTeamTestbed();
  ({ api, db, kit } = testbed);
  const { join } = testbed;
  who.adminA = await kit.admin('Admin A');
  who.coachA = await join(who.adminA, 'Coach A');
  who.removedA = await join(who.adminA, 'Removed A');
  who.adminB = await kit.admin('Admin B');
  who.coachB = await join(who.adminB, 'Coach B');
  who.nonElite = await kit.coach('Outsider');
  const utterances = [{ start: 10, end: 16, text: 'What did you see there?' }];
  sessionA = (await seedAnalysedSession(db, who.coachA.id, rubric, { title: 'Team A drill', minute: 0, durationSeconds: 120, utterances })).id;
  await seedAnalysedSession(db, who.removedA.id, rubric, { title: 'Removed coach drill', minute: 1, durationSeconds: 120, utterances });
  if ((await kit.call(who.adminA.token, 'DELETE', `/api/team/members/${who.removedA.id}`)).status !== 204) throw new Error('remove failed');
  const res = await kit.call(who.adminA.token, 'POST', '/api/team/invitations', { email: 'pending-a@club.example', role: 'Elite Coach' });
  invitationA = (await res.json()) as TeamInvitationDto;
}, 180_000);

afterAll(async () => {
  await testbed?.stop();
});

/** Every team route that names a resource of team A, with a body where it takes one. Built lazily: the ids exist after set-up. */
const targeted = () => [
  { method: 'PUT', route: `/api/team/members/${who.coachA.id}/role`, body: { role: 'Elite Coach' }, notFound: TEAM_MESSAGES.memberNotFound },
  { method: 'DELETE', route: `/api/team/members/${who.coachA.id}`, notFound: TEAM_MESSAGES.memberNotFound },
  { method: 'POST', route: `/api/team/invitations/${invitationA.id}/resend`, notFound: TEAM_MESSAGES.invitationNotFound },
  { method: 'DELETE', route: `/api/team/invitations/${invitationA.id}`, notFound: TEAM_MESSAGES.invitationNotFound },
  { method: 'GET', route: `/api/team/sessions/${sessionA}/report`, notFound: TEAM_MESSAGES.sessionNotFound },
  { method: 'GET', route: `/api/team/sessions/${sessionA}/media`, notFound: TEAM_MESSAGES.sessionNotFound },
];

/** The admin routes that name no resource: answered from the caller's own team, or 404. */
const adminRoutes = [
  { method: 'GET', route: '/api/team/members' },
  { method: 'GET', route: '/api/team/invitations' },
  { method: 'GET', route: '/api/team/sessions' },
  { method: 'GET', route: '/api/team/overview' },
  { method: 'PUT', route: '/api/team', body: { name: 'Taken over' } },
  { method: 'PUT', route: '/api/team/squad', body: { names: ['Intruder'] } },
  { method: 'POST', route: '/api/team/invitations', body: { email: 'intruder-target@club.example', role: 'Elite Coach' } },
];

describe('IDOR matrix: team A’s resources, for everyone but team A’s admin', () => {
  it.each(['adminB', 'coachB', 'coachA', 'removedA', 'nonElite'] as const)('%s gets 404 on every route naming them, and nothing changes', async (actor) => {
    for (const { method, route, body } of targeted()) {
      const res = await kit.call(who[actor].token, method, route, body);
      expect(res.status, `${actor} ${method} ${route}`).toBe(404);
      // Another team's admin gets the same answer as for a resource that does not exist; a non-admin the team's 404.
      const message = ((await res.json()) as { message: string }).message;
      expect([TEAM_MESSAGES.notFound, TEAM_MESSAGES.memberNotFound, TEAM_MESSAGES.invitationNotFound, TEAM_MESSAGES.sessionNotFound]).toContain(message);
    }
    const members = (await db.query(`SELECT role FROM team_members WHERE user_id = $1`, [who.coachA.id])).rows;
    expect(members).toEqual([{ role: 'Elite Coach' }]);
    const invitation = (await db.query(`SELECT revoked_at, sent_at FROM team_invitations WHERE id = $1`, [invitationA.id])).rows[0] as {
      revoked_at: Date | null;
      sent_at: Date;
    };
    expect(invitation.revoked_at).toBeNull();
    expect(invitation.sent_at.toISOString()).toBe(invitationA.sentAt);
  });

  it('anonymous callers get 401 on every team route', async () => {
    for (const { method, route, body } of [...targeted(), ...adminRoutes, { method: 'GET', route: '/api/team' }]) {
      expect((await kit.call(null, method, route, body)).status, `${method} ${route}`).toBe(401);
    }
  });

  it.each(['coachA', 'removedA', 'nonElite'] as const)('%s gets 404 on every admin route', async (actor) => {
    for (const { method, route, body } of adminRoutes) {
      const res = await kit.call(who[actor].token, method, route, body);
      expect(res.status, `${actor} ${method} ${route}`).toBe(404);
      expect(await res.json()).toEqual({ statusCode: 404, message: TEAM_MESSAGES.notFound });
    }
  });

  it('a plain coach sees their own team but no other; removed and non-Elite users see none', async () => {
    expect((await kit.call(who.coachA.token, 'GET', '/api/team')).status).toBe(200);
    for (const actor of ['removedA', 'nonElite'] as const) expect((await kit.call(who[actor].token, 'GET', '/api/team')).status).toBe(404);
  });

  it('team B’s admin sees only team B in every listing', async () => {
    const aIds = [who.adminA.id, who.coachA.id, who.removedA.id];
    const members = (await (await kit.call(who.adminB.token, 'GET', '/api/team/members')).json()) as { userId: string }[];
    expect(members.map((m) => m.userId).sort()).toEqual([who.adminB.id, who.coachB.id].sort());
    const sessions = (await (await kit.call(who.adminB.token, 'GET', '/api/team/sessions')).json()) as { total: number };
    expect(sessions.total).toBe(0);
    // Asking for a team A coach's sessions by id gives nothing.
    const filtered = (await (await kit.call(who.adminB.token, 'GET', `/api/team/sessions?coachId=${who.coachA.id}`)).json()) as { total: number };
    expect(filtered.total).toBe(0);
    const invitations = (await (await kit.call(who.adminB.token, 'GET', '/api/team/invitations')).json()) as { id: string }[];
    expect(invitations.map((i) => i.id)).not.toContain(invitationA.id);
    const overview = (await (await kit.call(who.adminB.token, 'GET', '/api/team/overview')).json()) as { coaches: { userId: string }[] };
    expect(overview.coaches.map((c) => c.userId).filter((id) => aIds.includes(id))).toEqual([]);
  });

  it('team A’s admin reaches every one of them (the matrix’s control)', async () => {
    const [role, remove, resend, revoke, report, media] = targeted();
    expect((await kit.call(who.adminA.token, role!.method, role!.route, role!.body)).status).toBe(200);
    const opened = (await (await kit.call(who.adminA.token, report!.method, report!.route)).json()) as {
      coach: { userId: string };
      report: { session: { id: string } };
    };
    expect(opened.coach.userId).toBe(who.coachA.id);
    expect(opened.report.session.id).toBe(sessionA);
    // The member's recording plays in the admin's read-only report, a piece at a time like the coach's own.
    const stored = path.join(api.dataDir, 'objects', 'sessions', sessionA);
    await mkdir(path.dirname(stored), { recursive: true });
    await writeFile(stored, Buffer.from('RIFF-member-recording'));
    const recording = await kit.call(who.adminA.token, media!.method, media!.route);
    expect(recording.status).toBe(200);
    const piece = await fetch(((await recording.json()) as { url: string }).url, { headers: { range: 'bytes=5-10' } });
    expect(piece.status).toBe(206);
    expect(await piece.text()).toBe('member');
    expect((await kit.call(who.adminA.token, resend!.method, resend!.route)).status).toBe(200);
    expect((await kit.call(who.adminA.token, revoke!.method, revoke!.route)).status).toBe(204);
    expect((await kit.call(who.adminA.token, remove!.method, remove!.route)).status).toBe(204);
  });
});

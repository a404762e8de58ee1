import { SQUAD_MESSAGES, TEAM_MESSAGES, TEAM_PATHS, type TeamSquadDto } from '@touchline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SquadService } from '../src/squad/squad.service';
import { startTeamTestbed, type Coach, type TeamTestbed } from './support/teams';

let testbed: TeamTestbed;
let kit: TeamTestbed['kit'];
const who = {} as Record<'admin' | 'coach' | 'removed' | 'otherAdmin' | 'outsider', Coach>;

const teamSquad = async (coach: Coach) => (await (await kit.call(coach.token, 'GET', TEAM_PATHS.squad)).json()) as TeamSquadDto;
const storedTeamSquad = async (teamOf: Coach) =>
  (
    (await testbed.db.query(`SELECT t.squad FROM teams t JOIN team_members m ON m.team_id = t.id WHERE m.user_id = $1`, [teamOf.id])).rows[0] as {
      squad: string[];
    }
  ).squad;

beforeAll(async () => {
  testbed = await startTeamTestbed();
  ({ kit } = testbed);
  const { join } = testbed;
  who.admin = await kit.admin('Squad Admin');
  who.coach = await join(who.admin, 'Squad Coach');
  who.removed = await join(who.admin, 'Squad Leaver');
  who.otherAdmin = await kit.admin('Other Admin');
  who.outsider = await kit.coach('Squad Outsider');
  if ((await kit.call(who.admin.token, 'DELETE', TEAM_PATHS.member(who.removed.id))).status !== 204) throw new Error('remove failed');
}, 180_000);

afterAll(async () => {
  await testbed?.stop();
});

describe("an Elite team's shared squad", () => {
  it('starts empty; the admin replaces it, and every member sees it, only the admin as editable', async () => {
    expect(await teamSquad(who.admin)).toEqual({ names: [], editable: true });
    const saved = await kit.call(who.admin.token, 'PUT', TEAM_PATHS.squad, { names: ['Sophie', ' Kwame ', 'Mary-Jo'] });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ names: ['Sophie', 'Kwame', 'Mary-Jo'], editable: true });
    expect(await teamSquad(who.coach)).toEqual({ names: ['Sophie', 'Kwame', 'Mary-Jo'], editable: false });
    // Another team has its own.
    expect(await teamSquad(who.otherAdmin)).toEqual({ names: [], editable: true });
  });

  it('a plain coach, a removed coach and a user without a team cannot change it (404), and it stays as it was', async () => {
    for (const actor of ['coach', 'removed', 'outsider'] as const) {
      const res = await kit.call(who[actor].token, 'PUT', TEAM_PATHS.squad, { names: ['Intruder'] });
      expect(res.status, actor).toBe(404);
      expect(await res.json()).toEqual({ statusCode: 404, message: TEAM_MESSAGES.notFound });
    }
    for (const actor of ['removed', 'outsider'] as const) expect((await kit.call(who[actor].token, 'GET', TEAM_PATHS.squad)).status, actor).toBe(404);
    expect((await kit.call(null, 'GET', TEAM_PATHS.squad)).status).toBe(401);
    expect((await kit.call(null, 'PUT', TEAM_PATHS.squad, { names: ['Intruder'] })).status).toBe(401);
    expect(await storedTeamSquad(who.admin)).toEqual(['Sophie', 'Kwame', 'Mary-Jo']);
  });

  it.each([
    [{ names: ['Sophie', 'SOPHIE'] }, SQUAD_MESSAGES.duplicate],
    [{ names: ['R2-D2'] }, SQUAD_MESSAGES.name],
    [{ names: 'Sophie' }, SQUAD_MESSAGES.names],
  ])('refuses %j with 400 and keeps the squad', async (body, message) => {
    const res = await kit.call(who.admin.token, 'PUT', TEAM_PATHS.squad, body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ statusCode: 400, message });
    expect(await storedTeamSquad(who.admin)).toEqual(['Sophie', 'Kwame', 'Mary-Jo']);
  });

  it("a member's analyses listen for the coach's own names and then the team's; a coach who left hears only their own", async () => {
    expect((await kit.call(who.coach.token, 'PUT', '/api/squad', { names: ['Ana', 'sophie'] })).status).toBe(200);
    expect((await kit.call(who.removed.token, 'PUT', '/api/squad', { names: ['Leon'] })).status).toBe(200);
    const squads = testbed.api.app.get(SquadService);
    expect(await squads.namesForAnalysis(who.coach.id)).toEqual(['Ana', 'sophie', 'Kwame', 'Mary-Jo']);
    expect(await squads.namesForAnalysis(who.admin.id)).toEqual(['Sophie', 'Kwame', 'Mary-Jo']);
    expect(await squads.namesForAnalysis(who.removed.id)).toEqual(['Leon']);
    expect(await squads.namesForAnalysis('00000000-0000-4000-8000-000000000000')).toEqual([]);
  });
});

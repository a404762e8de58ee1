import { SQUAD_LIMITS, SQUAD_MESSAGES, type SquadDto } from '@touchline/shared';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRubric } from '../src/analysis/rubric/rubric';
import { SessionsRepository } from '../src/sessions/sessions.repository';
import { UsersRepository } from '../src/users/users.repository';
import { seedAnalysedSession } from './support/seed-reports';
import { startTestApi, type TestApi } from './support/test-api';
import { bearer, registerCoach } from './support/tokens';

let api: TestApi;
let db: Client;
let coach: { token: string; sub: string };
let other: { token: string; sub: string };

const call = (method: string, body?: unknown, token: string | null = coach.token) =>
  fetch(`${api.url}/api/squad`, {
    method,
    headers: { ...(token ? bearer(token) : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });

beforeAll(async () => {
  api = await startTestApi({ TRANSCRIBER: 'none' });
  db = new Client({ connectionString: api.db.url });
  await db.connect();
  coach = await registerCoach(api, 'Rostered');
  other = await registerCoach(api, 'Neighbour');
}, 120_000);

afterAll(async () => {
  await db?.end();
  await api?.stop();
});

describe('the squad roster', () => {
  it('starts empty, keeps the names a coach saves, and is per coach', async () => {
    expect(await (await call('GET')).json()).toEqual({ names: [] });
    const saved = await call('PUT', { names: ['Sophie', ' James ', 'Mary-Jo', "D'Arcy", 'Zoë'] });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ names: ['Sophie', 'James', 'Mary-Jo', "D'Arcy", 'Zoë'] });
    expect(((await (await call('GET')).json()) as SquadDto).names).toEqual(['Sophie', 'James', 'Mary-Jo', "D'Arcy", 'Zoë']);
    expect(await (await call('GET', undefined, other.token)).json()).toEqual({ names: [] });
  });

  it.each([
    [{}, SQUAD_MESSAGES.names],
    [{ names: 'Sophie' }, SQUAD_MESSAGES.names],
    [
      {
        names: Array.from(
          { length: SQUAD_LIMITS.players + 1 },
          (_, i) => `Player${'abcdefghijklmnopqrstuvwxyz'[i % 26]}${'abcdefghijklmnopqrstuvwxyz'[Math.floor(i / 26)]}`,
        ),
      },
      SQUAD_MESSAGES.names,
    ],
    [{ names: ['Sophie', 'sophie'] }, SQUAD_MESSAGES.duplicate],
    [{ names: ['Sam7'] }, SQUAD_MESSAGES.name],
    [{ names: [''] }, SQUAD_MESSAGES.name],
    [{ names: ['-Sam'] }, SQUAD_MESSAGES.name],
    [{ names: ['A'.repeat(SQUAD_LIMITS.nameLength + 1)] }, SQUAD_MESSAGES.name],
    [{ names: [42] }, SQUAD_MESSAGES.name],
  ])('refuses %j with 400 and keeps the squad as it was', async (body, message) => {
    const res = await call('PUT', body);
    expect(res.status).toBe(400);
    const error = (await res.json()) as { statusCode: number; message: string };
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe(message);
    expect(((await (await call('GET')).json()) as SquadDto).names).toHaveLength(5);
  });

  it('asks for sign-in without a token', async () => {
    expect((await call('GET', undefined, null)).status).toBe(401);
    expect((await call('PUT', { names: ['Sam'] }, null)).status).toBe(401);
  });

  it("gives the analysis of a session its owner's squad", async () => {
    const ownerId = ((await db.query('SELECT id FROM users WHERE identity_id = $1', [coach.sub])).rows[0] as { id: string }).id;
    const seeded = await seedAnalysedSession(db, ownerId, loadRubric(), {
      title: 'Rostered session',
      minute: 0,
      durationSeconds: 120,
      utterances: [{ start: 5, end: 8, text: 'Well done Sophie' }],
    });
    // Analysed again: the claim answers the session's owner, whose squad the analysis reads.
    await db.query(`UPDATE coaching_sessions SET processing_status = 'pending' WHERE id = $1`, [seeded.id]);
    const claimed = await api.app.get(SessionsRepository).claimForAnalysis(seeded.id);
    expect(claimed?.ownerId).toBe(ownerId);
    const users = api.app.get(UsersRepository);
    expect(await users.squadOf(claimed!.ownerId)).toEqual(['Sophie', 'James', 'Mary-Jo', "D'Arcy", 'Zoë']);
    expect(await users.squadOf('00000000-0000-4000-8000-000000000000')).toEqual([]);
  });
});

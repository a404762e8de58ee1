import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres';
import { startTestApi, type TestApi } from './support/test-api';

let api: TestApi;
let client: Client;

beforeAll(async () => {
  api = await startTestApi();
  client = new Client({ connectionString: api.db.url });
  await client.connect();
});

afterAll(async () => {
  await client?.end();
  await api?.stop();
});

const insertUser = (values: { identityId: string; email: string; plan: string; eliteRole?: string | null }) =>
  client.query('INSERT INTO users (identity_id, username, email, plan, elite_role) VALUES ($1, $2, $3, $4, $5) RETURNING *', [
    values.identityId,
    'coach',
    values.email,
    values.plan,
    values.eliteRole ?? null,
  ]);

const sqlState = (promise: Promise<unknown>) => promise.then(() => 'ok', (error: { code?: string }) => error.code);

describe('users table (migrations)', () => {
  it('creates users with a uuid id and timestamps', async () => {
    const { rows } = await insertUser({ identityId: 'sub-a', email: 'a@club.example', plan: 'Elite', eliteRole: 'Elite Admin' });
    expect(rows[0].id).toMatch(/^[0-9a-f-]{36}$/);
    expect(rows[0].created_at).toBeInstanceOf(Date);
    expect(rows[0].updated_at).toBeInstanceOf(Date);
  });

  it('keeps identityId unique', async () => {
    await insertUser({ identityId: 'sub-b', email: 'b@club.example', plan: 'Coach' });
    expect(await sqlState(insertUser({ identityId: 'sub-b', email: 'b2@club.example', plan: 'Coach' }))).toBe('23505');
  });

  it('keeps email unique regardless of case', async () => {
    await insertUser({ identityId: 'sub-c', email: 'Case@Club.example', plan: 'Coach' });
    expect(await sqlState(insertUser({ identityId: 'sub-c2', email: 'case@club.example', plan: 'Coach' }))).toBe('23505');
  });

  it('refuses an unknown plan and an Elite role outside the Elite plan', async () => {
    expect(await sqlState(insertUser({ identityId: 'sub-d', email: 'd@club.example', plan: 'Gold' }))).toBe('23514');
    expect(await sqlState(insertUser({ identityId: 'sub-e', email: 'e@club.example', plan: 'Coach', eliteRole: 'Elite Admin' }))).toBe('23514');
    expect(await sqlState(insertUser({ identityId: 'sub-f', email: 'f@club.example', plan: 'Elite', eliteRole: 'Owner' }))).toBe('23514');
  });

  it('records the applied migration', async () => {
    const { rows } = await client.query('SELECT name FROM migrations');
    expect(rows.map((r) => r.name)).toEqual(['CreateUsers1763700000000', 'Identity1763800000000']);
  });
});

describe('embedded PostgreSQL', () => {
  it('keeps data across a stop and a start of the same data directory', async () => {
    const { mkdtemp, rm } = await import('node:fs/promises');
    const dir = await mkdtemp(`${(await import('node:os')).tmpdir()}/touchline-pg-`);
    try {
      const first = await startEmbeddedPostgres(dir);
      const c1 = new Client({ connectionString: first.url });
      await c1.connect();
      await c1.query('CREATE TABLE kept (v text)');
      await c1.query("INSERT INTO kept VALUES ('still here')");
      await c1.end();
      await first.stop();

      const second = await startEmbeddedPostgres(dir);
      const c2 = new Client({ connectionString: second.url });
      await c2.connect();
      const { rows } = await c2.query('SELECT v FROM kept');
      await c2.end();
      await second.stop();
      expect(rows).toEqual([{ v: 'still here' }]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('health without a database', () => {
  it('answers 503 once the database is gone', async () => {
    await client.end();
    await api.db.stop();
    const res = await fetch(`${api.url}/api/health`);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ statusCode: 503 });
    // Let afterAll's stop() succeed without a second stop of the cluster.
    client = { end: async () => undefined } as unknown as Client;
  });
});

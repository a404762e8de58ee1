import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { expect, test } from '@playwright/test';
import { Client } from 'pg';
import { databaseUrl, freePort, isAlive, newDataDir, postmaster, repoRoot, startProduct } from '../support/product';

test.describe.configure({ timeout: 180_000 });

async function withDatabase<T>(dataDir: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: databaseUrl(dataDir) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const insertCoach = (dataDir: string, identityId: string) =>
  withDatabase(dataDir, (c) =>
    c.query("INSERT INTO users (identity_id, username, email, plan) VALUES ($1, 'kept', $2, 'Coach')", [identityId, `${identityId}@club.example`]),
  );

const countCoach = (dataDir: string, identityId: string) =>
  withDatabase(dataDir, async (c) => (await c.query('SELECT count(*)::int AS n FROM users WHERE identity_id = $1', [identityId])).rows[0].n as number);

test('Ctrl-C stops the product and its PostgreSQL cleanly, and a restart keeps the data', async () => {
  const dataDir = await newDataDir();
  const port = await freePort();

  const first = await startProduct(dataDir, port);
  const pg = postmaster(dataDir)!;
  expect(isAlive(pg.pid)).toBe(true);
  await insertCoach(dataDir, 'sub-kept');

  first.process.kill('SIGINT');
  expect(await first.exited).toBe(0);
  await expect.poll(() => isAlive(pg.pid), { timeout: 10_000 }).toBe(false);
  expect(postmaster(dataDir)).toBeNull();

  const second = await startProduct(dataDir, port);
  expect(await countCoach(dataDir, 'sub-kept')).toBe(1);
  const health = await fetch(`${second.url}/api/health`);
  expect(health.status).toBe(200);

  const pg2 = postmaster(dataDir)!;
  second.process.kill('SIGTERM');
  expect(await second.exited).toBe(0);
  await expect.poll(() => isAlive(pg2.pid), { timeout: 10_000 }).toBe(false);
});

test('a start after the product was killed outright stops the orphaned PostgreSQL and loses nothing', async () => {
  const dataDir = await newDataDir();
  const port = await freePort();

  const first = await startProduct(dataDir, port);
  await insertCoach(dataDir, 'sub-survivor');
  const orphan = postmaster(dataDir)!;
  first.process.kill('SIGKILL');
  await first.exited;
  expect(isAlive(orphan.pid)).toBe(true);

  const second = await startProduct(dataDir, port);
  expect(isAlive(orphan.pid)).toBe(false);
  expect(await countCoach(dataDir, 'sub-survivor')).toBe(1);
  second.process.kill('SIGINT');
  expect(await second.exited).toBe(0);
});

test('a malformed setting stops the start with an error naming the variable', async () => {
  const result = spawnSync(process.execPath, [path.join(repoRoot, 'infra/bin/start.mjs')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: 'eighty',
      DATA_DIR: await newDataDir(),
      MAILDEV_SMTP_PORT: String(await freePort()),
      MAILDEV_WEB_PORT: String(await freePort()),
    },
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain('Invalid configuration: PORT must be a whole number from 0 to 65535');
});

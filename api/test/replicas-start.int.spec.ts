import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/database/embedded-postgres';
import { migrateExclusively } from '../src/database/migrate';
import { migrations } from '../src/database/migrations';
import { startReplicas, type Replicas } from './support/replicas';

let stack: Replicas | undefined;
let db: EmbeddedDatabase | undefined;
let dataDir: string | undefined;

afterAll(async () => {
  await stack?.stop();
  await db?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const appliedMigrations = async (url: string) => {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ name: string }>('SELECT name FROM migrations ORDER BY id')).rows.map((r) => r.name);
  } finally {
    await client.end();
  }
};

describe('API replicas starting at the same moment on an empty database', { timeout: 120_000 }, () => {
  it('migrate one after the other: both succeed, and each migration runs once', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'touchline-migrate-'));
    db = await startEmbeddedPostgres(dataDir);
    const sources = await Promise.all(
      [1, 2].map(() => new DataSource({ type: 'postgres', url: db!.url, migrations, migrationsTransactionMode: 'each' }).initialize()),
    );
    try {
      await Promise.all(sources.map((source) => migrateExclusively(source)));
    } finally {
      for (const source of sources) await source.destroy();
    }
    expect(await appliedMigrations(db.url)).toEqual(migrations.map((m) => m.name));
  });

  it('all start and answer', async () => {
    stack = await startReplicas(2, { BACKGROUND_JOBS: 'false' }, { together: true });
    for (const replica of stack.replicas) expect((await fetch(`${replica.url}/api/health`)).status).toBe(200);
    expect(await appliedMigrations(stack.db.url)).toEqual(migrations.map((m) => m.name));
  });
});

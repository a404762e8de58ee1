import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryThrottleStore } from '../src/database/memory-throttle-store';
import { PostgresThrottleStore } from '../src/database/postgres-throttle-store';
import { RateLimit, throttleKey, type ThrottleStore } from '../src/database/throttle-store';
import { startTestApi, type TestApi } from './support/test-api';

let api: TestApi;
let dataSource: DataSource;

beforeAll(async () => {
  api = await startTestApi({ BACKGROUND_JOBS: 'false' });
  dataSource = api.app.get(DataSource);
}, 120_000);

afterAll(async () => {
  await api?.stop();
});

const T0 = Date.parse('2026-09-01T08:00:00Z');
let scopeCounter = 0;

/** One contract, so the unit tests' memory store answers as the product's PostgreSQL store does. */
describe.each([
  ['PostgreSQL', () => new PostgresThrottleStore(dataSource) as ThrottleStore],
  ['memory', () => new MemoryThrottleStore() as ThrottleStore],
])('the throttle store (%s)', (_name, make) => {
  const scope = () => `contract-${++scopeCounter}`;

  it('counts within a window that starts at the first addition, then starts again', async () => {
    const store = make();
    const key = throttleKey(scope(), 'a');
    expect(await store.add(key, 1, 1000, T0)).toEqual({ points: 1, expiresAt: T0 + 1000 });
    expect(await store.add(key, 2, 1000, T0 + 500)).toEqual({ points: 3, expiresAt: T0 + 1000 });
    expect(await store.get(key, T0 + 999)).toEqual({ points: 3, expiresAt: T0 + 1000 });
    expect(await store.get(key, T0 + 1000)).toBeNull();
    expect(await store.add(key, 1, 1000, T0 + 1000)).toEqual({ points: 1, expiresAt: T0 + 2000 });
  });

  it('slides a window to the last addition when asked', async () => {
    const store = make();
    const key = throttleKey(scope(), 'a');
    await store.add(key, 1, 1000, T0, true);
    expect(await store.add(key, 1, 1000, T0 + 900, true)).toEqual({ points: 2, expiresAt: T0 + 1900 });
    expect(await store.get(key, T0 + 1500)).toEqual({ points: 2, expiresAt: T0 + 1900 });
  });

  it('sets, deletes, and counts and deletes every key under a prefix', async () => {
    const store = make();
    const s = scope();
    await store.set(throttleKey(s, 'x', '1'), 5, T0 + 1000);
    await store.add(throttleKey(s, 'x', '2'), 1, 500, T0);
    await store.add(throttleKey(s, 'y', '1'), 1, 1000, T0);
    expect(await store.countUnder(`${throttleKey(s, 'x')}:`, T0)).toBe(2);
    // An expired count is not counted.
    expect(await store.countUnder(`${throttleKey(s, 'x')}:`, T0 + 600)).toBe(1);
    await store.deleteUnder(`${throttleKey(s, 'x')}:`);
    expect(await store.countUnder(`${throttleKey(s, 'x')}:`, T0)).toBe(0);
    expect(await store.get(throttleKey(s, 'y', '1'), T0)).toEqual({ points: 1, expiresAt: T0 + 1000 });
    await store.delete(throttleKey(s, 'y', '1'));
    expect(await store.get(throttleKey(s, 'y', '1'), T0)).toBeNull();
  });

  it('limits as RateLimiterMemory did: refuses past the points, and blocks from the first refusal only', async () => {
    let now = T0;
    const limit = new RateLimit(make(), { scope: scope(), points: 3, durationSeconds: 60, blockSeconds: 600 }, () => now);
    expect([await limit.consume('ip'), await limit.consume('ip'), await limit.consume('ip')]).toEqual([true, true, true]);
    expect(await limit.get('ip')).toEqual({ consumedPoints: 3, remainingPoints: 0, msBeforeNext: 60_000 });
    now += 1000;
    expect(await limit.consume('ip')).toBe(false);
    // The wait counts from the first refusal, and later refusals do not lengthen it.
    expect((await limit.get('ip'))!.msBeforeNext).toBe(600_000);
    now += 1000;
    expect(await limit.consume('ip')).toBe(false);
    expect((await limit.get('ip'))!.msBeforeNext).toBe(599_000);
    now += 600_000;
    expect(await limit.consume('ip')).toBe(true);
    // A reward gives a point back.
    await limit.reward('ip');
    expect((await limit.get('ip'))!.consumedPoints).toBe(0);
  });
});

describe('the PostgreSQL throttle store', () => {
  it('counts additions made at the same moment by many connections, each once', async () => {
    const store = new PostgresThrottleStore(dataSource);
    const key = throttleKey('contract-race', 'a');
    const results = await Promise.all(Array.from({ length: 20 }, () => store.add(key, 1, 60_000, T0)));
    expect(results.map((r) => r.points).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('keeps no email or client address in clear, and deletes counts that expired', async () => {
    const store = new PostgresThrottleStore(dataSource);
    await store.add(throttleKey('contract-clear', 'coach@club.example', '203.0.113.5'), 1, 1000, Date.now() - 120_000);
    const rows = (await dataSource.query(`SELECT key FROM throttle_attempts WHERE key LIKE 'contract-clear:%'`)) as { key: string }[];
    expect(rows).toHaveLength(1);
    expect(rows[0]!.key).not.toContain('coach');
    expect(rows[0]!.key).not.toContain('203.0.113.5');
    expect(await store.purge()).toBeGreaterThanOrEqual(1);
    expect(await dataSource.query(`SELECT key FROM throttle_attempts WHERE key LIKE 'contract-clear:%'`)).toEqual([]);
  });
});

import type { DataSource } from 'typeorm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppConfig } from '../config';
import { USER_CACHE_TTL_MS, UserCache } from './user-cache';
import { UserEntity } from './user.entity';

const user = (plan: UserEntity['plan']) =>
  Object.assign(new UserEntity(), { id: 'u1', identityId: 'sub-1', username: 'alex', email: 'alex@club.example', plan, eliteRole: null });
const newCache = () => new UserCache({ subscribers: [] } as unknown as DataSource);

afterEach(() => vi.useRealTimers());

describe('the per-process user cache', () => {
  it('answers repeated lookups within its lifetime with one database read', async () => {
    const cache = newCache();
    const load = vi.fn(async () => user('Coach'));
    await cache.get('sub-1', load);
    expect((await cache.get('sub-1', load))?.plan).toBe('Coach');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('reads every time when USER_CACHE_SECONDS is 0', async () => {
    const cache = new UserCache({ subscribers: [] } as unknown as DataSource, { userCacheSeconds: 0 } as AppConfig);
    const load = vi.fn(async () => user('Coach'));
    await cache.get('sub-1', load);
    await cache.get('sub-1', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('reads again once its lifetime is over', async () => {
    vi.useFakeTimers();
    const cache = newCache();
    const load = vi.fn(async () => user('Coach'));
    await cache.get('sub-1', load);
    vi.advanceTimersByTime(USER_CACHE_TTL_MS + 1);
    await cache.get('sub-1', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('forgets every user as soon as a user is written, so a plan change shows at once', async () => {
    const cache = newCache();
    await cache.get('sub-1', async () => user('Coach'));
    cache.afterUpdate();
    expect((await cache.get('sub-1', async () => user('Pro')))?.plan).toBe('Pro');
  });

  it('does not keep a record read before a write that happened meanwhile', async () => {
    const cache = newCache();
    let release!: () => void;
    const slowRead = cache.get('sub-1', () => new Promise<UserEntity>((resolve) => (release = () => resolve(user('Coach')))));
    cache.afterUpdate();
    release();
    await slowRead;
    expect((await cache.get('sub-1', async () => user('Pro')))?.plan).toBe('Pro');
  });

  it('hands out copies, so a caller changing its record does not change the cached one', async () => {
    const cache = newCache();
    const first = await cache.get('sub-1', async () => user('Coach'));
    first!.plan = 'Elite';
    expect((await cache.get('sub-1', async () => user('Pro')))?.plan).toBe('Coach');
  });
});

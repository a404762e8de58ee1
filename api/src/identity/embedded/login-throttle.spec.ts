import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config';
import { MemoryThrottleStore } from '../../database/memory-throttle-store';
import { ACCOUNT_WIDE_ADDRESSES, ADDRESS_WINDOW_SECONDS, FAILURE_RESET_SECONDS, LoginThrottle, waitSeconds } from './login-throttle';

const defaults = loadConfig({}, '/tmp').loginThrottle;

describe('embedded sign-in throttling policy', () => {
  it('waits nothing before the fifth wrong password, then grows by a minute per five, up to 15 minutes', () => {
    const waits = [1, 4, 5, 9, 10, 15, 74, 75, 500].map((failures) => waitSeconds(failures, defaults));
    expect(waits).toEqual([0, 0, 60, 60, 120, 180, 840, 900, 900]);
  });

  it('is the policy the Keycloak realm configures for its brute-force detector', () => {
    const realm = JSON.parse(readFileSync(path.resolve(__dirname, '../../../../infra/keycloak/realm-touchline.json'), 'utf8'));
    expect(realm).toMatchObject({
      bruteForceProtected: true,
      permanentLockout: false,
      maxTemporaryLockouts: 0,
      bruteForceStrategy: 'MULTIPLE',
      failureFactor: defaults.failureFactor,
      waitIncrementSeconds: defaults.waitIncrementSeconds,
      maxFailureWaitSeconds: defaults.maxWaitSeconds,
      maxDeltaTimeSeconds: FAILURE_RESET_SECONDS,
    });
  });
});

describe('embedded sign-in throttle', () => {
  const settings = { failureFactor: 5, waitIncrementSeconds: 60, maxWaitSeconds: 900, addressMaxFailures: 30 };
  let clock = 0;
  const throttle = () => new LoginThrottle(settings, new MemoryThrottleStore(), () => clock);
  const owner = 'coach@club.example';

  beforeEach(() => {
    vi.useFakeTimers();
    clock = Date.now();
  });
  afterEach(() => vi.useRealTimers());

  const advance = (ms: number) => {
    clock += ms;
    vi.advanceTimersByTime(ms);
  };

  /** One wrong password from `address` if it may try now; answers the wait it was given instead. */
  async function guess(t: LoginThrottle, address: string, email = owner): Promise<number> {
    const wait = await t.waitFor(email, address);
    if (wait === 0) await t.recordFailure(email, address);
    return wait;
  }

  it('never keeps the owner at another address out, however long one address keeps guessing', async () => {
    const t = throttle();
    let ownerAdmitted = 0;
    // The attacker posts a wrong password every 0.5 s for an hour; the owner tries every 7 s.
    for (let ms = 0; ms < 60 * 60 * 1000; ms += 500) {
      await guess(t, '203.0.113.66');
      if (ms % 7000 === 0) {
        if ((await t.waitFor(owner, '198.51.100.7')) === 0) ownerAdmitted++;
        else throw new Error(`the owner was held up at ${ms} ms`);
      }
      advance(500);
    }
    expect(ownerAdmitted).toBe(Math.ceil((60 * 60 * 1000) / 7000));
  });

  it('counts tries during a wait against the address, which then waits 15 minutes for every email, and no longer', async () => {
    const t = throttle();
    const attacker = '203.0.113.9';
    for (let i = 0; i < 5; i++) expect(await guess(t, attacker)).toBe(0);
    // The fifth wrong password began a minute's wait for this address on this email.
    expect(await t.waitFor(owner, attacker)).toBe(60);
    for (let i = 0; i < 24; i++) await t.waitFor(owner, attacker);
    // 5 failures and 25 tries during the wait: the address's 30 are spent, for any email.
    expect(await t.waitFor('someone.else@club.example', attacker)).toBe(ADDRESS_WINDOW_SECONDS);
    advance(10 * 60 * 1000);
    for (let i = 0; i < 100; i++) await t.waitFor(owner, attacker);
    expect(await t.waitFor(owner, attacker)).toBe(5 * 60);
    advance(5 * 60 * 1000 + 1);
    expect(await t.waitFor('someone.else@club.example', attacker)).toBe(0);
  });

  it('grows one address’s waits on an email as Keycloak does, up to 15 minutes', async () => {
    const t = throttle();
    const waits: number[] = [];
    for (let round = 0; round < 20; round++) {
      for (let i = 0; i < 5; i++) await t.recordFailure(owner, '192.0.2.5');
      waits.push(await t.waitFor(owner, '192.0.2.5'));
      advance(waits.at(-1)! * 1000);
    }
    expect(waits.slice(0, 4)).toEqual([60, 120, 180, 240]);
    expect(Math.max(...waits)).toBe(900);
  });

  it('makes the email wait from every address when guesses come from many addresses, until a reset', async () => {
    const t = throttle();
    for (let a = 0; a < ACCOUNT_WIDE_ADDRESSES - 1; a++) await t.recordFailure(owner, `198.18.0.${a}`);
    expect(await t.waitFor(owner, '198.51.100.7')).toBe(0);
    await t.recordFailure(owner, `198.18.0.${ACCOUNT_WIDE_ADDRESSES}`);
    expect(await t.waitFor(owner, '198.51.100.7')).toBeGreaterThan(0);
    await t.clearAccount(owner);
    expect(await t.waitFor(owner, '198.51.100.7')).toBe(0);
  });

  it('lifts an address’s wait on the email when the password is reset', async () => {
    const t = throttle();
    for (let i = 0; i < 10; i++) await t.recordFailure(owner, '192.0.2.8');
    expect(await t.waitFor(owner, '192.0.2.8')).toBe(120);
    await t.clearAccount(owner.toUpperCase());
    expect(await t.waitFor(owner, '192.0.2.8')).toBe(0);
  });
});

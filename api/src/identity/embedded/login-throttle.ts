import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { LoginThrottleSettings } from '../../config';

/** Wrong passwords are forgotten this long after the last one (Keycloak's `maxDeltaTimeSeconds`). */
export const FAILURE_RESET_SECONDS = 12 * 60 * 60;
/** How long one client address waits once it has spent `addressMaxFailures`, and the window they are counted in. */
export const ADDRESS_WINDOW_SECONDS = 15 * 60;
/**
 * Wrong passwords for one email from this many different client addresses within an hour make the email wait
 * from every address: a guesser spread over many machines. Fewer addresses only ever hold up themselves.
 */
export const ACCOUNT_WIDE_ADDRESSES = 10;
const ACCOUNT_WIDE_WINDOW_MS = 60 * 60 * 1000;
/** Counts kept in memory at most; the oldest go first (an attacker spraying addresses cannot grow the process). */
const MAX_ENTRIES = 100_000;

interface PairState {
  failures: number;
  lastFailureAt: number;
  waitUntil: number;
}

interface AccountState {
  /** Each failing address and when it last failed. */
  addresses: Map<string, number>;
  failures: number;
  waitUntil: number;
}

/**
 * Brute-force throttling for the embedded provider's password checks.
 *
 * - **Per email and client address**, the policy of Keycloak's brute-force detector (the realm file configures the
 *   same numbers): from the `failureFactor`-th wrong password on, each further one makes *that address* wait
 *   `waitIncrementSeconds × ⌊failures ÷ failureFactor⌋` for that email, at most `maxWaitSeconds`. The coach at
 *   another address is not held up at all, so no one address (nor a handful) can keep an account shut.
 * - **Per client address**, every wrong password and every try during a wait counts: `addressMaxFailures` within
 *   15 minutes make the address wait 15 minutes, whichever emails it tried. An address that keeps posting during
 *   its waits therefore runs out quickly, and its block is not extended by further tries.
 * - **Per email, across addresses**: when wrong passwords come from `ACCOUNT_WIDE_ADDRESSES` or more addresses
 *   within an hour, the email waits from everywhere, with the same growing waits.
 *
 * A correct password clears that address's count for the email; a completed password reset clears every wait on
 * the email, so the owner always has a way in. Nothing is ever a permanent lock.
 *
 * Counts live in memory: one API process serves the embedded provider (the same holds for tus uploads), and a
 * restart forgetting them errs on the side of letting a real user back in.
 */
export class LoginThrottle {
  private readonly pairs = new Map<string, PairState>();
  private readonly accounts = new Map<string, AccountState>();
  private readonly byAddress: RateLimiterMemory;

  constructor(
    private readonly settings: LoginThrottleSettings,
    private readonly now: () => number = Date.now,
  ) {
    this.byAddress = new RateLimiterMemory({
      keyPrefix: 'addr',
      points: settings.addressMaxFailures,
      duration: ADDRESS_WINDOW_SECONDS,
      blockDuration: ADDRESS_WINDOW_SECONDS,
    });
  }

  /**
   * Seconds this address must wait before a password for this email is checked (0: check it now). A try during a
   * wait counts against the address.
   */
  async waitFor(email: string, address: string): Promise<number> {
    const now = this.now();
    const client = await this.byAddress.get(address);
    const addressWait = client && client.remainingPoints <= 0 ? client.msBeforeNext : 0;
    const pairWait = Math.max(0, (this.pairs.get(pairKey(email, address))?.waitUntil ?? 0) - now);
    const accountWait = Math.max(0, (this.accounts.get(key(email))?.waitUntil ?? 0) - now);
    const wait = Math.max(addressWait, pairWait, accountWait);
    if (wait > 0 && addressWait === 0) await this.byAddress.consume(address).catch(() => undefined);
    return Math.ceil(wait / 1000);
  }

  async recordFailure(email: string, address: string): Promise<void> {
    const now = this.now();
    const pk = pairKey(email, address);
    const pair = this.pairs.get(pk);
    const failures = pair && now - pair.lastFailureAt < FAILURE_RESET_SECONDS * 1000 ? pair.failures + 1 : 1;
    remember(this.pairs, pk, { failures, lastFailureAt: now, waitUntil: now + waitSeconds(failures, this.settings) * 1000 });

    const account = this.accounts.get(key(email)) ?? { addresses: new Map<string, number>(), failures: 0, waitUntil: 0 };
    for (const [seen, at] of account.addresses) if (now - at > ACCOUNT_WIDE_WINDOW_MS) account.addresses.delete(seen);
    if (account.addresses.size === 0) account.failures = 0;
    account.addresses.set(address, now);
    account.failures += 1;
    if (account.addresses.size >= ACCOUNT_WIDE_ADDRESSES) {
      account.waitUntil = now + Math.max(waitSeconds(account.failures, this.settings), this.settings.waitIncrementSeconds) * 1000;
    }
    remember(this.accounts, key(email), account);

    await this.byAddress.consume(address).catch(() => undefined);
  }

  /** The right password from this address: its count for the email starts again. */
  recordSuccess(email: string, address: string): void {
    this.pairs.delete(pairKey(email, address));
  }

  /** A completed password reset: every wait and count on the email ends, from every address. */
  clearAccount(email: string): void {
    const k = key(email);
    this.accounts.delete(k);
    const prefix = `${k}\n`;
    for (const pk of this.pairs.keys()) if (pk.startsWith(prefix)) this.pairs.delete(pk);
  }
}

/** The wait after the `failures`-th wrong password in a row for one email, in seconds (0: none). */
export function waitSeconds(failures: number, { failureFactor, waitIncrementSeconds, maxWaitSeconds }: LoginThrottleSettings): number {
  return Math.min(maxWaitSeconds, waitIncrementSeconds * Math.floor(failures / failureFactor));
}

/** Keeps `value` as the newest entry, dropping the oldest beyond MAX_ENTRIES. */
function remember<V>(map: Map<string, V>, k: string, value: V): void {
  map.delete(k);
  map.set(k, value);
  if (map.size > MAX_ENTRIES) map.delete(map.keys().next().value!);
}

const key = (email: string) => email.trim().toLowerCase();
const pairKey = (email: string, address: string) => `${key(email)}\n${address}`;

import type { LoginThrottleSettings } from '../../config';
import { RateLimit, throttleKey, type ThrottleStore } from '../../database';

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
 * Counts live in the shared `ThrottleStore` (PostgreSQL), so wrong passwords sent to any API replica count
 * together. Each piece of state is a count of its own that expires when the rule forgets it: `login-pair` (an
 * address's wrong passwords for an email, forgotten 12 hours after the last), `login-pair-wait` (that address's
 * wait on the email), `login-seen` (one per address that failed for the email within the hour), `login-account`
 * (the email's wrong passwords while any such address is remembered) and `login-account-wait` (the email's wait
 * from everywhere).
 */
export class LoginThrottle {
  private readonly byAddress: RateLimit;

  constructor(
    private readonly settings: LoginThrottleSettings,
    private readonly store: ThrottleStore,
    private readonly now: () => number = Date.now,
  ) {
    this.byAddress = new RateLimit(
      store,
      { scope: 'login-addr', points: settings.addressMaxFailures, durationSeconds: ADDRESS_WINDOW_SECONDS, blockSeconds: ADDRESS_WINDOW_SECONDS },
      now,
    );
  }

  /**
   * Seconds this address must wait before a password for this email is checked (0: check it now). A try during a
   * wait counts against the address.
   */
  async waitFor(email: string, address: string): Promise<number> {
    const now = this.now();
    const [client, pair, account] = await Promise.all([
      this.byAddress.get(address),
      this.store.get(throttleKey('login-pair-wait', key(email), address), now),
      this.store.get(throttleKey('login-account-wait', key(email)), now),
    ]);
    const addressWait = client && client.remainingPoints <= 0 ? client.msBeforeNext : 0;
    const pairWait = Math.max(0, (pair?.expiresAt ?? 0) - now);
    const accountWait = Math.max(0, (account?.expiresAt ?? 0) - now);
    const wait = Math.max(addressWait, pairWait, accountWait);
    if (wait > 0 && addressWait === 0) await this.byAddress.consume(address);
    return Math.ceil(wait / 1000);
  }

  async recordFailure(email: string, address: string): Promise<void> {
    const now = this.now();
    const k = key(email);
    const pair = await this.store.add(throttleKey('login-pair', k, address), 1, FAILURE_RESET_SECONDS * 1000, now, true);
    const pairWait = waitSeconds(pair.points, this.settings);
    if (pairWait > 0) await this.store.set(throttleKey('login-pair-wait', k, address), pair.points, now + pairWait * 1000);

    // The addresses that failed for this email within the hour, and the email's failures while any is remembered.
    await this.store.add(throttleKey('login-seen', k, address), 1, ACCOUNT_WIDE_WINDOW_MS, now, true);
    const account = await this.store.add(throttleKey('login-account', k), 1, ACCOUNT_WIDE_WINDOW_MS, now, true);
    if ((await this.store.countUnder(`${throttleKey('login-seen', k)}:`, now)) >= ACCOUNT_WIDE_ADDRESSES) {
      const wait = Math.max(waitSeconds(account.points, this.settings), this.settings.waitIncrementSeconds);
      await this.store.set(throttleKey('login-account-wait', k), account.points, now + wait * 1000);
    }

    await this.byAddress.consume(address);
  }

  /** The right password from this address: its count for the email starts again. */
  async recordSuccess(email: string, address: string): Promise<void> {
    await this.store.delete(throttleKey('login-pair', key(email), address), throttleKey('login-pair-wait', key(email), address));
  }

  /** A completed password reset: every wait and count on the email ends, from every address. */
  async clearAccount(email: string): Promise<void> {
    const k = key(email);
    await this.store.delete(throttleKey('login-account', k), throttleKey('login-account-wait', k));
    for (const scope of ['login-pair', 'login-pair-wait', 'login-seen']) await this.store.deleteUnder(`${throttleKey(scope, k)}:`);
  }
}

/** The wait after the `failures`-th wrong password in a row for one email, in seconds (0: none). */
export function waitSeconds(failures: number, { failureFactor, waitIncrementSeconds, maxWaitSeconds }: LoginThrottleSettings): number {
  return Math.min(maxWaitSeconds, waitIncrementSeconds * Math.floor(failures / failureFactor));
}

const key = (email: string) => email.trim().toLowerCase();

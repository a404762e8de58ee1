import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { LoginThrottleSettings } from '../../config/app-config';

/** Wrong passwords are forgotten this long after the last one (Keycloak's `maxDeltaTimeSeconds`). */
export const FAILURE_RESET_SECONDS = 12 * 60 * 60;
const ADDRESS_WINDOW_SECONDS = 15 * 60;

/**
 * Brute-force throttling for the embedded provider's password checks, per email and per client address.
 *
 * Per email, the policy of Keycloak's brute-force detector (the realm file configures the same numbers):
 * from the `failureFactor`-th wrong password on, each further one makes the email wait
 * `waitIncrementSeconds × ⌊failures ÷ failureFactor⌋`, at most `maxWaitSeconds`; tries during a wait are refused
 * without being counted; never a permanent lock, so a stranger can slow a coach down but not shut them out.
 * A correct password clears the count. Per address, `addressMaxFailures` failures within 15 minutes make
 * that address wait 15 minutes, whichever emails it tried.
 *
 * Counts live in memory: one API process serves the embedded provider (the same holds for tus uploads),
 * and a restart forgetting them errs on the side of letting a real user back in.
 */
export class LoginThrottle {
  private readonly failures = new RateLimiterMemory({ keyPrefix: 'acct-failures', points: Number.MAX_SAFE_INTEGER, duration: FAILURE_RESET_SECONDS });
  private readonly waits = new RateLimiterMemory({ keyPrefix: 'acct-wait', points: 1, duration: 1 });
  private readonly byAddress: RateLimiterMemory;

  constructor(private readonly settings: LoginThrottleSettings) {
    this.byAddress = new RateLimiterMemory({
      keyPrefix: 'addr',
      points: settings.addressMaxFailures,
      duration: ADDRESS_WINDOW_SECONDS,
      blockDuration: ADDRESS_WINDOW_SECONDS,
    });
  }

  async isBlocked(email: string, address: string): Promise<boolean> {
    const [wait, client] = await Promise.all([this.waits.get(key(email)), this.byAddress.get(address)]);
    const waiting = !!wait && wait.consumedPoints > 1 && wait.msBeforeNext > 0;
    return waiting || (client?.remainingPoints ?? 1) <= 0;
  }

  async recordFailure(email: string, address: string): Promise<void> {
    const k = key(email);
    const count = ((await this.failures.get(k))?.consumedPoints ?? 0) + 1;
    // Set rather than consumed, so the count lives on for FAILURE_RESET_SECONDS after the latest failure.
    await this.failures.set(k, count, FAILURE_RESET_SECONDS);
    const wait = waitSeconds(count, this.settings);
    if (wait > 0) await this.waits.block(k, wait);
    await this.byAddress.consume(address).catch(() => undefined);
  }

  async recordSuccess(email: string): Promise<void> {
    await Promise.all([this.failures.delete(key(email)), this.waits.delete(key(email))]);
  }
}

/** The wait after the `failures`-th wrong password in a row for one email, in seconds (0: none). */
export function waitSeconds(failures: number, { failureFactor, waitIncrementSeconds, maxWaitSeconds }: LoginThrottleSettings): number {
  return Math.min(maxWaitSeconds, waitIncrementSeconds * Math.floor(failures / failureFactor));
}

const key = (email: string) => email.trim().toLowerCase();

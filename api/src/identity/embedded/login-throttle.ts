import { RateLimiterMemory } from 'rate-limiter-flexible';

/**
 * Brute-force throttling for the embedded provider's password checks, per account and per client address.
 * Five wrong passwords for one email within 15 minutes lock that email for 15 minutes; thirty failures from
 * one address lock the address. A correct password clears the account's count.
 *
 * Counts live in memory: one API process serves the embedded provider (the same holds for tus uploads),
 * and a restart forgetting them errs on the side of letting a real user back in.
 */
export class LoginThrottle {
  private readonly byAccount = new RateLimiterMemory({ keyPrefix: 'acct', points: 5, duration: 15 * 60, blockDuration: 15 * 60 });
  private readonly byAddress = new RateLimiterMemory({ keyPrefix: 'addr', points: 30, duration: 15 * 60, blockDuration: 15 * 60 });

  async isBlocked(email: string, address: string): Promise<boolean> {
    const [account, client] = await Promise.all([this.byAccount.get(key(email)), this.byAddress.get(address)]);
    return (account?.remainingPoints ?? 1) <= 0 || (client?.remainingPoints ?? 1) <= 0;
  }

  async recordFailure(email: string, address: string): Promise<void> {
    await Promise.allSettled([this.byAccount.consume(key(email)), this.byAddress.consume(address)]);
  }

  async recordSuccess(email: string): Promise<void> {
    await this.byAccount.delete(key(email));
  }
}

const key = (email: string) => email.trim().toLowerCase();

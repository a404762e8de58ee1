import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { Errors } from '../common';
import { IDENTITY_PROVIDER, type IdentityProvider } from '../identity';

export const RESEND_VERIFICATION_ANSWER = {
  message: 'If an account with this email address is waiting for verification, we have sent it a new verification email.',
};

/**
 * "Resend verification email": the way on for an account whose sign-up email never arrived (Keycloak keeps such
 * an account unverified and without a password). The answer is the same for unknown, verified and unverified
 * addresses; requests are limited per client address (a 429 for everyone, so it tells nothing about accounts)
 * and, silently, per email address, as the reset-code requests are.
 */
@Injectable()
export class VerificationResendService {
  private readonly perAddress = new RateLimiterMemory({ keyPrefix: 'verify-addr', points: 10, duration: 15 * 60 });
  private readonly perEmail = new RateLimiterMemory({ keyPrefix: 'verify-email', points: 3, duration: 60 * 60 });

  constructor(@Inject(IDENTITY_PROVIDER) private readonly identity: IdentityProvider) {}

  async request(email: string, address: string): Promise<typeof RESEND_VERIFICATION_ANSWER> {
    if (
      !(await this.perAddress.consume(address).then(
        () => true,
        () => false,
      ))
    )
      throw Errors.tooManyRequests();
    if (
      await this.perEmail.consume(email.toLowerCase()).then(
        () => true,
        () => false,
      )
    ) {
      await this.identity.resendVerification(email);
    }
    return RESEND_VERIFICATION_ANSWER;
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { Errors } from '../common';
import { RateLimit, ThrottleStore } from '../database';
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
  private readonly perAddress: RateLimit;
  private readonly perEmail: RateLimit;

  constructor(
    @Inject(IDENTITY_PROVIDER) private readonly identity: IdentityProvider,
    store: ThrottleStore,
  ) {
    this.perAddress = new RateLimit(store, { scope: 'verify-addr', points: 10, durationSeconds: 15 * 60 });
    this.perEmail = new RateLimit(store, { scope: 'verify-email', points: 3, durationSeconds: 60 * 60 });
  }

  async request(email: string, address: string): Promise<typeof RESEND_VERIFICATION_ANSWER> {
    if (!(await this.perAddress.consume(address))) throw Errors.tooManyRequests();
    if (await this.perEmail.consume(email.toLowerCase())) await this.identity.resendVerification(email);
    return RESEND_VERIFICATION_ANSWER;
  }
}

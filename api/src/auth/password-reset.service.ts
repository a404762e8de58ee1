import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { PASSWORD_MIN_LENGTH } from '@touchline/shared';
import { DataSource } from 'typeorm';
import { Errors } from '../common';
import { RateLimit, ThrottleStore } from '../database';
import { IDENTITY_PROVIDER, type IdentityProvider } from '../identity';
import { MailService } from '../mail';
import { PasswordResetCodesRepository } from './password-reset-codes.repository';

export const RESET_CODE_TTL_SECONDS = 15 * 60;
export const RESET_CODE_MAX_ATTEMPTS = 5;
export const RESET_REQUEST_ANSWER = { message: 'If an account exists for this email address, we have sent it a reset code.' };

/**
 * Password reset with a code the API owns: 6 digits, stored only as an HMAC, valid 15 minutes, 5 tries, used
 * once. Request and confirmation answer the same whether or not the account exists, and is rate-limited per client
 * address (the answer to a limited request is a 429 for everyone, so it tells nothing about accounts) and,
 * silently, per email address.
 */
@Injectable()
export class PasswordResetService {
  private readonly logger = new Logger(PasswordResetService.name);
  private readonly perAddress: RateLimit;
  private readonly perEmail: RateLimit;
  private readonly confirmPerAddress: RateLimit;

  constructor(
    @Inject(IDENTITY_PROVIDER) private readonly identity: IdentityProvider,
    private readonly codes: PasswordResetCodesRepository,
    private readonly mail: MailService,
    @InjectDataSource() private readonly dataSource: DataSource,
    store: ThrottleStore,
  ) {
    this.perAddress = new RateLimit(store, { scope: 'reset-addr', points: 10, durationSeconds: 15 * 60 });
    this.perEmail = new RateLimit(store, { scope: 'reset-email', points: 3, durationSeconds: 60 * 60 });
    this.confirmPerAddress = new RateLimit(store, { scope: 'reset-confirm', points: 30, durationSeconds: 15 * 60 });
  }

  async request(email: string, address: string): Promise<typeof RESET_REQUEST_ANSWER> {
    if (!(await this.perAddress.consume(address))) throw Errors.tooManyRequests();
    const account = await this.identity.findAccountByEmail(email);
    const allowed = await this.perEmail.consume(email.toLowerCase());
    if (account && allowed) {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await this.codes.replace(email, await this.hash(code), RESET_CODE_TTL_SECONDS);
      this.mail.sendInBackground({
        to: account.email,
        subject: 'Your Touchline password reset code',
        text: `Your password reset code is ${code}\n\nEnter it on the password reset page within 15 minutes. If you did not ask to reset your password, you can ignore this email; your password stays as it is.\n`,
      });
    }
    return RESET_REQUEST_ANSWER;
  }

  async confirm(email: string, code: string, newPassword: string, address: string): Promise<{ message: string }> {
    if (!(await this.confirmPerAddress.consume(address))) throw Errors.tooManyRequests();
    if (newPassword.length < PASSWORD_MIN_LENGTH) throw Errors.weakPassword();
    const codeHash = await this.hash(code);

    // The code row is locked for the whole check, so two guesses cannot race past the attempt limit, and the
    // password is set before the code is spent: a failure on the way leaves the code usable. A used-up code
    // gets the same answer as a wrong one ("…or request a new one"): a distinct answer on the fifth try would
    // tell an address with an account from one without, as unknown addresses have no code to use up.
    const done = await this.dataSource.transaction(async (manager) => {
      const current = await this.codes.lockLatest(manager, email);
      if (!current || current.expiresAt.getTime() <= Date.now() || current.attempts >= RESET_CODE_MAX_ATTEMPTS) return false;
      if (!safeEqual(current.codeHash, codeHash)) {
        await this.codes.countFailure(manager, current.id);
        return false;
      }
      const account = await this.identity.findAccountByEmail(email);
      if (!account) return false;
      await this.identity.setPassword(account.id, newPassword);
      await this.codes.consume(manager, current.id);
      return true;
    });

    if (!done) throw Errors.invalidResetCode();
    this.logger.log('password reset with an emailed code');
    return { message: 'Your password has been changed. You can now sign in with it.' };
  }

  private async hash(code: string): Promise<string> {
    return createHmac('sha256', await this.codes.pepper())
      .update(code)
      .digest('hex');
  }
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

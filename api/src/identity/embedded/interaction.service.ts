import { Inject, Injectable, Logger } from '@nestjs/common';
import { IDENTITY_ERROR_MESSAGES, PASSWORD_MIN_LENGTH, SIGN_IN_MESSAGES, SIGNUP_MESSAGES } from '@touchline/shared';
import type { Request, Response } from 'express';
import type Provider from 'oidc-provider';
import { errors as oidcErrors } from 'oidc-provider';
import { AppConfig } from '../../config';
import { RateLimit, ThrottleStore } from '../../database';
import { MailService } from '../../mail';
import { parseSignupProfile } from '../signup-profile';
import { EMBEDDED_OIDC_PROVIDER } from './embedded-idp.tokens';
import { IdentityAccountsRepository } from './identity-accounts.repository';
import { LoginThrottle } from './login-throttle';
import * as pages from './pages';
import { clientAddress, dummyPasswordHash, hashPassword, verifyPassword } from '../../common';

const VERIFICATION_TTL_SECONDS = 24 * 60 * 60;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface Credentials {
  email: string;
  password: string;
}

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

type Details = Awaited<ReturnType<Provider['interactionDetails']>>;

/**
 * A throttled password check: 429 with `Retry-After` for API clients, and for the person the catalogue's message
 * with how long to wait.
 */
function tooManyTries(res: Response, waitSeconds: number): string {
  res.setHeader('Retry-After', String(waitSeconds));
  return `${IDENTITY_ERROR_MESSAGES['too-many-requests']} ${SIGN_IN_MESSAGES.tryAgainIn(waitSeconds)}`;
}

/** The rules of the embedded provider's sign-in, sign-up, email verification and password change pages. */
@Injectable()
export class InteractionService {
  private readonly logger = new Logger(InteractionService.name);
  private readonly verificationMails: RateLimit;

  constructor(
    @Inject(EMBEDDED_OIDC_PROVIDER) private readonly provider: Provider,
    private readonly accounts: IdentityAccountsRepository,
    private readonly mail: MailService,
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly throttle: LoginThrottle,
    store: ThrottleStore,
  ) {
    this.verificationMails = new RateLimit(store, { scope: 'verify-mail', points: 3, durationSeconds: 10 * 60 });
  }

  private get loginHref() {
    return `${this.config.publicUrl}/login`;
  }

  private get links() {
    return {
      signupHref: this.config.selfRegistration ? `${this.config.publicUrl}/signup` : undefined,
      resetHref: `${this.config.publicUrl}/reset-password`,
    };
  }

  /** GET /idp/interaction/:uid — the page the current request needs. */
  async show(req: Request, res: Response, screen?: string): Promise<void> {
    const details = await this.details(req, res);
    if (!details) return;
    const { uid, prompt, params, session } = details;
    if (prompt.name !== 'login') {
      // Consent is granted by loadExistingGrant for the product's own client; nothing to ask.
      await this.provider.interactionFinished(req, res, {}, { mergeWithLastSubmission: true });
      return;
    }
    const action = typeof params.kc_action === 'string' ? params.kc_action.toUpperCase() : undefined;
    const loginHint = typeof params.login_hint === 'string' ? params.login_hint : undefined;
    if (action === 'UPDATE_PASSWORD' && session?.accountId && screen !== 'login') {
      const account = await this.accounts.findById(session.accountId);
      if (account) return this.html(res, pages.updatePasswordPage(uid, { email: account.email }));
    }
    if (action === 'SIGNUP' && screen !== 'login') {
      const error = this.config.selfRegistration ? undefined : IDENTITY_ERROR_MESSAGES['operation-not-allowed'];
      return this.html(res, pages.registerPage(uid, { email: loginHint, error }));
    }
    this.html(res, pages.loginPage(uid, { email: loginHint, ...this.links }));
  }

  async login(req: Request, res: Response, { email, password }: Credentials): Promise<void> {
    const details = await this.details(req, res);
    if (!details) return;
    const address = clientAddress(req);
    const again = (error: string, status = 400) => this.html(res, pages.loginPage(details.uid, { email, error, ...this.links }), status);

    if (!EMAIL_PATTERN.test(email)) return again(IDENTITY_ERROR_MESSAGES['invalid-email']);
    const wait = await this.throttle.waitFor(email, address);
    if (wait > 0) return again(tooManyTries(res, wait), 429);

    const account = await this.accounts.findByEmail(email);
    const valid = await verifyPassword(password, account?.passwordHash ?? (await dummyPasswordHash()));
    if (!account || !valid) {
      await this.throttle.recordFailure(email, address);
      // One text for an unknown email and a wrong password: the page must not tell which accounts exist.
      return again(IDENTITY_ERROR_MESSAGES['invalid-credential']);
    }
    await this.throttle.recordSuccess(email, address);
    if (account.disabled) return again(IDENTITY_ERROR_MESSAGES['user-disabled']);
    if (!account.emailVerified) {
      await this.rememberPendingAccount(req, res, account.id);
      const sent = await this.sendVerification(details.uid, account.id, account.email);
      return this.html(res, pages.checkEmailPage(details.uid, account.email, { error: sent ? undefined : SIGNUP_MESSAGES.verificationMailFailed }));
    }
    await this.provider.interactionFinished(req, res, { login: { accountId: account.id, remember: true } }, { mergeWithLastSubmission: false });
  }

  async register(req: Request, res: Response, credentials: Credentials): Promise<void> {
    const details = await this.details(req, res);
    if (!details) return;
    const email = credentials.email.trim();
    const { password } = credentials;
    const again = (error: string) => this.html(res, pages.registerPage(details.uid, { email, error }), 400);
    if (!this.config.selfRegistration) return again(IDENTITY_ERROR_MESSAGES['operation-not-allowed']);
    if (!EMAIL_PATTERN.test(email) || email.length > 320) return again(IDENTITY_ERROR_MESSAGES['invalid-email']);
    if (password.length < PASSWORD_MIN_LENGTH || password.length > 128) return again(IDENTITY_ERROR_MESSAGES['weak-password']);

    const profile = parseSignupProfile(details.params.signup_username, details.params.signup_plan);
    const account = await this.accounts.create(email, await hashPassword(password), profile);
    if (!account) return again(IDENTITY_ERROR_MESSAGES['email-already-in-use']);
    if (!(await this.sendVerification(details.uid, account.id, account.email))) {
      // An address the mail server refuses (or an outage): leave nothing behind, so the form can simply be sent again.
      await this.accounts.delete(account.id);
      return again(SIGNUP_MESSAGES.verificationMailFailed);
    }
    await this.rememberPendingAccount(req, res, account.id);
    this.html(res, pages.checkEmailPage(details.uid, account.email));
  }

  async resend(req: Request, res: Response): Promise<void> {
    const details = await this.details(req, res);
    if (!details) return;
    const accountId = (details.result as { pendingAccountId?: string } | undefined)?.pendingAccountId;
    const account = accountId ? await this.accounts.findById(accountId) : null;
    if (!account) return this.html(res, pages.loginPage(details.uid, this.links));
    const sent = await this.sendVerification(details.uid, account.id, account.email);
    this.html(
      res,
      pages.checkEmailPage(details.uid, account.email, sent ? { resent: true } : { error: SIGNUP_MESSAGES.verificationMailFailed }),
      sent ? 200 : 503,
    );
  }

  /** The link in the verification email. Same browser: the sign-in continues. Elsewhere: a confirmation page. */
  async verify(req: Request, res: Response, uid: string, token: string): Promise<void> {
    const accountId = token ? await this.accounts.consumeEmailVerification(token) : null;
    if (!accountId) return this.html(res, pages.verificationFailedPage(this.loginHref), 400);
    const details = await this.provider.interactionDetails(req, res).catch(() => undefined);
    if (details?.uid !== uid) return this.html(res, pages.verifiedPage(this.loginHref));
    await this.provider.interactionFinished(req, res, { login: { accountId, remember: true } }, { mergeWithLastSubmission: false });
  }

  /** Re-authentication with the current password, then the new one (keycloak-js `kc_action=UPDATE_PASSWORD`). */
  async updatePassword(req: Request, res: Response, { currentPassword, newPassword }: PasswordChange): Promise<void> {
    const details = await this.details(req, res);
    if (!details) return;
    const account = details.session?.accountId ? await this.accounts.findById(details.session.accountId) : null;
    if (!account) return this.html(res, pages.loginPage(details.uid, this.links));
    const again = (error: string, status = 400) => this.html(res, pages.updatePasswordPage(details.uid, { email: account.email, error }), status);
    const address = clientAddress(req);

    const wait = await this.throttle.waitFor(account.email, address);
    if (wait > 0) return again(tooManyTries(res, wait), 429);
    if (!(await verifyPassword(currentPassword, account.passwordHash))) {
      await this.throttle.recordFailure(account.email, address);
      return again(IDENTITY_ERROR_MESSAGES['wrong-password']);
    }
    await this.throttle.recordSuccess(account.email, address);
    if (newPassword.length < PASSWORD_MIN_LENGTH || newPassword.length > 128) return again(IDENTITY_ERROR_MESSAGES['weak-password']);
    // Every other session, grant and refresh token of the account ends; this browser's sign-in goes on.
    await this.accounts.setPasswordHash(account.id, await hashPassword(newPassword), details.session?.uid);
    this.logger.log(`password changed for account ${account.id}`);
    await this.provider.interactionFinished(req, res, { login: { accountId: account.id, remember: true } }, { mergeWithLastSubmission: false });
  }

  async abort(req: Request, res: Response): Promise<void> {
    const details = await this.details(req, res);
    if (!details) return;
    await this.provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'End-User aborted interaction' },
      { mergeWithLastSubmission: false },
    );
  }

  private async details(req: Request, res: Response): Promise<Details | undefined> {
    try {
      return await this.provider.interactionDetails(req, res);
    } catch (error) {
      if (!(error instanceof oidcErrors.SessionNotFound)) throw error;
      // An expired or foreign sign-in: start again from the product.
      this.html(res, pages.errorPage('This sign-in has expired. Please start again.', this.loginHref), 400);
      return undefined;
    }
  }

  private async rememberPendingAccount(req: Request, res: Response, accountId: string): Promise<void> {
    await this.provider.interactionResult(req, res, { pendingAccountId: accountId }, { mergeWithLastSubmission: false });
  }

  /**
   * Emails a verification link. False when the mail server refused it or could not be reached; that attempt
   * does not count against the resend limit. A limited resend counts as sent: the earlier link still works.
   */
  private async sendVerification(uid: string, accountId: string, email: string): Promise<boolean> {
    if (!(await this.verificationMails.consume(accountId))) return true;
    const token = await this.accounts.createEmailVerification(accountId, VERIFICATION_TTL_SECONDS);
    const link = `${this.config.publicUrl}/idp/interaction/${encodeURIComponent(uid)}/verify?token=${encodeURIComponent(token)}`;
    try {
      await this.mail.send({
        to: email,
        subject: 'Verify your email for Touchline',
        text: `Welcome to Touchline.\n\nConfirm your email address by opening this link:\n\n${link}\n\nThe link is valid for 24 hours. If you did not create an account, you can ignore this email.\n`,
      });
      return true;
    } catch (error) {
      this.logger.warn({ err: error, accountId }, 'verification mail not sent');
      await this.verificationMails.reward(accountId).catch(() => undefined);
      return false;
    }
  }

  private html(res: Response, body: string, status = 200): void {
    res.status(status).type('html').setHeader('Cache-Control', 'no-store').send(body);
  }
}

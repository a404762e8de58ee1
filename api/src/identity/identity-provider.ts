import type { IdentityClientConfig } from '@touchline/shared';
import type { SignupProfile } from './signup-profile';

/** What a verified access token tells the API about its caller. */
export interface VerifiedIdentity {
  /** The provider's subject (`sub`): the user's identityId. */
  subject: string;
  email: string | null;
  emailVerified: boolean;
  /** When the token expires (`exp`): long-lived responses such as the status stream end then. */
  expiresAt: Date;
}

export interface IdentityAccount {
  id: string;
  email: string;
}

/**
 * The identity provider as the API sees it. Adapters: Keycloak (`keycloak/`) and the embedded OpenID
 * provider (`embedded/`); `IdentityModule` picks one from `IDENTITY_PROVIDER`.
 */
export interface IdentityProvider {
  /** What the web app needs to talk to this provider (`GET /api/auth/config`); public, the same for everyone. */
  clientConfig(): IdentityClientConfig;

  /**
   * Verifies an OAuth 2.0 Bearer access token (RFC 6750): signature against the provider's published keys,
   * issuer, audience and expiry. Rejects with `Errors.invalidToken()` for any failure, or
   * `Errors.identityUnavailable()` when the provider's keys cannot be fetched.
   */
  verifyAccessToken(token: string): Promise<VerifiedIdentity>;

  /** Whether the provider still has the account with this subject (false after it was deleted or its data lost). */
  accountExists(accountId: string): Promise<boolean>;

  /** The account registered under this email address (compared without regard to case), or null. */
  findAccountByEmail(email: string): Promise<IdentityAccount | null>;

  /**
   * Replaces the account's password and ends every session, grant and refresh token the account had at the
   * provider, so a stolen session does not outlive a reset, and lifts every sign-in wait on the account (its owner
   * has proved who they are). Callers have already applied the password policy.
   */
  setPassword(accountId: string, password: string): Promise<void>;

  /**
   * Emails a not-yet-verified account what it still has to do at the provider (verify the address, set a
   * password), with a link back to the product's /login. Does nothing for an unknown or verified address, and the
   * mail goes out in the background (a failure is logged, not thrown), so callers answer alike for every address. Rejects with
   * `Errors.identityUnavailable()` only when the provider itself cannot be reached.
   */
  resendVerification(email: string): Promise<void>;

  /** The username and plan chosen on /signup and kept at the provider for this account, or null. */
  signupProfile(accountId: string): Promise<SignupProfile | null>;
}

export const IDENTITY_PROVIDER = Symbol('IDENTITY_PROVIDER');

/** What the SPA knows about the signed-in account at the identity provider. Tokens stay in memory. */
export interface IdentitySession {
  /** The provider's subject: the user's identityId. */
  subject: string;
  email: string | null;
  emailVerified: boolean;
}

/** What /signup collects besides the email and password. */
export interface SignupProfile {
  username: string;
  plan: string;
}

/** How a provider-side action (the password change) ended, as reported when the browser came back. */
export type ActionOutcome = 'success' | 'cancelled' | 'error';

/**
 * The identity provider as the SPA sees it: the standard Authorization Code flow with PKCE (S256).
 * Adapters: Keycloak, and the embedded OpenID provider at /idp. Every method that signs in, signs up,
 * changes the password or signs out leaves the page for the provider and comes back to /login or /.
 */
export interface IdentityClient {
  /** Whether /signup offers "Resend verification email" for this provider (see offersVerificationResend). */
  readonly offersVerificationResend?: boolean;
  /** Completes a return from the provider, or restores an existing provider session without a page change. */
  init(): Promise<IdentitySession | null>;
  session(): IdentitySession | null;
  login(options?: { loginHint?: string }): Promise<void>;
  /** Sign-up; the provider keeps `profile` with the new account, so registration can finish in any browser. */
  register(options: { loginHint: string; profile?: SignupProfile }): Promise<void>;
  /** Re-authentication with the current password, then the new password, on the provider's pages. */
  changePassword(): Promise<void>;
  logout(): Promise<void>;
  /** A valid access token (refreshed when it is about to expire), or null without a session. */
  accessToken(): Promise<string | null>;
  /** The error the provider sent back with the last redirect (e.g. access_denied after Cancel), if any. */
  callbackError(): string | null;
  /** How the last provider-side action ended, when the provider reports it (Keycloak does). */
  actionOutcome(): ActionOutcome | null;
  /** Called when the session ends or changes outside the SPA's own calls (expiry, refresh failure). */
  onSessionChange(listener: (session: IdentitySession | null) => void): () => void;
}

/** The provider could not be configured or reached in a way that is not the network's fault. */
export class IdentityConfigurationError extends Error {
  override readonly name = 'IdentityConfigurationError';
}

/**
 * The provider cannot be reached (down, restarting, or a proxy in front of it answers 5xx) though the product can:
 * sign-in is unavailable for now, not misconfigured. Signed-in pages keep working with the tokens in memory.
 */
export class IdentityUnavailableError extends Error {
  override readonly name = 'IdentityUnavailableError';
}

/**
 * The OAuth error (RFC 6749, 4.1.2.1) an adapter reports as its callbackError() when the provider could not be
 * reached at start: /login then says so and offers to try again, instead of sending the browser to a dead address.
 */
export const PROVIDER_UNAVAILABLE = 'temporarily_unavailable';

/** A failed fetch is the network's fault; anything else means the provider is not set up as expected. */
export function classifyProviderError(error: unknown): Error {
  if (error instanceof TypeError) return error;
  return new IdentityConfigurationError(error instanceof Error ? error.message : String(error ?? 'unknown error'));
}

/** The listeners of `IdentityClient.onSessionChange`, shared by both adapters. */
export class SessionListeners {
  private readonly listeners = new Set<(session: IdentitySession | null) => void>();

  add(listener: (session: IdentitySession | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(session: IdentitySession | null): void {
    this.listeners.forEach((listener) => listener(session));
  }
}

/** What a verified access token tells the API about its caller. */
export interface VerifiedIdentity {
  /** The provider's subject (`sub`): the user's identityId. */
  subject: string;
  email: string | null;
  emailVerified: boolean;
}

/**
 * The identity provider as the API sees it. Adapters: Keycloak and the embedded OpenID provider.
 */
export interface IdentityProvider {
  /**
   * Verifies an OAuth 2.0 access token (RFC 6750 Bearer): signature against the provider's published
   * keys, issuer, audience and expiry. Rejects with `Errors.invalidToken()` for any failure.
   */
  verifyAccessToken(token: string): Promise<VerifiedIdentity>;
}

export const IDENTITY_PROVIDER = Symbol('IDENTITY_PROVIDER');

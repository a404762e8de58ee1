import KcAdminClient from '@keycloak/keycloak-admin-client';
import { Logger } from '@nestjs/common';
import type { IdentityClientConfig } from '@touchline/shared';
import { createRemoteJWKSet } from 'jose';
import type { KeycloakSettings } from '../../config';
import { Errors } from '../../common';
import type { IdentityAccount, IdentityProvider, VerifiedIdentity } from '../identity-provider';
import { JwtAccessTokenVerifier } from '../jwt-access-token-verifier';
import type { SignupProfile } from '../signup-profile';
import { deriveSignupProfile } from './keycloak-signup-profile';

const VERIFICATION_LINK_LIFESPAN_SECONDS = 24 * 60 * 60;

/**
 * The port over Keycloak: access tokens are checked against the realm's published keys (fetched and cached
 * by jose); account look-ups and password changes go through the Admin REST API with the confidential
 * `touchline-api-admin` client, whose service account holds only view-users and manage-users.
 */
export class KeycloakIdentityProvider implements IdentityProvider {
  private readonly verifier: JwtAccessTokenVerifier;
  private readonly admin: KcAdminClient;
  private readonly logger = new Logger(KeycloakIdentityProvider.name);

  constructor(
    private readonly settings: KeycloakSettings,
    /** The product's /login: where the emailed link leads once the account's actions are done. */
    private readonly loginUrl: string,
  ) {
    const realmUrl = (base: string) => `${base}/realms/${encodeURIComponent(settings.realm)}`;
    const keys = createRemoteJWKSet(new URL(`${realmUrl(settings.internalUrl)}/protocol/openid-connect/certs`), {
      timeoutDuration: 5000,
      cooldownDuration: 30_000,
    });
    this.verifier = new JwtAccessTokenVerifier(keys, realmUrl(settings.url), settings.audience);
    this.admin = new KcAdminClient({ baseUrl: settings.internalUrl, realmName: settings.realm });
  }

  clientConfig(): IdentityClientConfig {
    const { url, realm, clientId } = this.settings;
    return { provider: 'keycloak', url, realm, clientId };
  }

  verifyAccessToken(token: string): Promise<VerifiedIdentity> {
    return this.verifier.verify(token);
  }

  async findAccountByEmail(email: string): Promise<IdentityAccount | null> {
    await this.authenticate();
    const users = await this.admin.users.find({ email, exact: true, max: 2 });
    const user = users.find((u) => u.email?.toLowerCase() === email.toLowerCase());
    return user?.id && user.email ? { id: user.id, email: user.email } : null;
  }

  async accountExists(accountId: string): Promise<boolean> {
    await this.authenticate();
    // The admin client answers a missing user (404) with undefined.
    return !!(await this.admin.users.findOne({ id: accountId }));
  }

  async setPassword(accountId: string, password: string): Promise<void> {
    await this.authenticate();
    await this.admin.users.resetPassword({ id: accountId, credential: { type: 'password', value: password, temporary: false } });
    // The brute-force detector's wait on the account ends with the reset: its owner has proved who they are.
    await this.admin.attackDetection
      .del({ id: accountId })
      .catch((error: unknown) => this.logger.warn({ err: error, accountId }, 'lifting the brute-force wait after a reset failed'));
    // Every session ends (their refresh tokens with them), and offline tokens go with the revoked consents.
    await this.admin.users.logout({ id: accountId });
    const consents = await this.admin.users.listConsents({ id: accountId });
    for (const consent of consents) {
      if (consent.clientId) await this.admin.users.revokeConsent({ id: accountId, clientId: consent.clientId });
    }
  }

  /**
   * Keycloak's own required-actions email (`execute-actions-email`, needs manage-users): when mail fails at
   * registration, Keycloak keeps the account unverified, without a password, with VERIFY_EMAIL and
   * UPDATE_PASSWORD pending, and neither sign-in nor "Forgot Password?" leads on. The link is valid 24 hours.
   */
  async resendVerification(email: string): Promise<void> {
    const account = await this.findAccountByEmail(email);
    if (!account) return;
    const user = await this.admin.users.findOne({ id: account.id });
    if (!user || user.emailVerified) return;
    const pending = user.requiredActions ?? [];
    const actions = pending.includes('VERIFY_EMAIL') ? pending : ['VERIFY_EMAIL', ...pending];
    // Not awaited, as the reset-code mail: Keycloak sends it while the request waits, so waiting would make
    // the answer for an unverified account measurably slower than for an unknown one. A failure (Keycloak
    // answers 500 when its mail server is unreachable) is logged only, for the same reason; the coach can ask again.
    this.admin.users
      .executeActionsEmail({
        id: account.id,
        actions,
        clientId: this.settings.clientId,
        redirectUri: this.loginUrl,
        lifespan: VERIFICATION_LINK_LIFESPAN_SECONDS,
      })
      .catch((error: unknown) => this.logger.warn({ err: error }, 'Keycloak could not send the required-actions email'));
  }

  /**
   * Keycloak's registration page cannot carry the username and plan chosen on /signup, so a verified account
   * registers with a profile derived from what the coach gave Keycloak (name, else email) on Free Trial.
   * Read with view-users only; an unknown or unverified account has none.
   */
  async signupProfile(accountId: string): Promise<SignupProfile | null> {
    await this.authenticate();
    const user = await this.admin.users.findOne({ id: accountId });
    if (!user?.email || !user.emailVerified) return null;
    return deriveSignupProfile(user);
  }

  /** A fresh client-credentials token per operation: these calls are rare, and nothing long-lived is kept. */
  private async authenticate(): Promise<void> {
    try {
      await this.admin.auth({ grantType: 'client_credentials', clientId: this.settings.adminClientId, clientSecret: this.settings.adminClientSecret });
    } catch {
      throw Errors.identityUnavailable();
    }
  }
}

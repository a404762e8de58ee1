import { WEB_CLIENT_ID, type IdentityClientConfig } from '@touchline/shared';
import { createLocalJWKSet, type JWK } from 'jose';
import type { IdentityAccount, IdentityProvider, VerifiedIdentity } from '../identity-provider';
import { JwtAccessTokenVerifier } from '../jwt-access-token-verifier';
import { parseSignupProfile, type SignupProfile } from '../signup-profile';
import type { IdentityAccountsRepository } from './identity-accounts.repository';
import type { LoginThrottle } from './login-throttle';
import { hashPassword } from '../../common';

/** The port over the embedded provider: tokens are checked against its own public keys, in process. */
export class EmbeddedIdentityProvider implements IdentityProvider {
  private readonly verifier: JwtAccessTokenVerifier;

  constructor(
    private readonly accounts: IdentityAccountsRepository,
    privateKeys: JWK[],
    private readonly issuer: string,
    audience: string,
    private readonly throttle: LoginThrottle,
  ) {
    const publicKeys = privateKeys.map(({ kty, kid, alg, use, n, e, crv, x, y }) => ({ kty, kid, alg, use, n, e, crv, x, y }));
    this.verifier = new JwtAccessTokenVerifier(createLocalJWKSet({ keys: publicKeys }), issuer, audience);
  }

  clientConfig(): IdentityClientConfig {
    return { provider: 'embedded', issuer: this.issuer, clientId: WEB_CLIENT_ID };
  }

  verifyAccessToken(token: string): Promise<VerifiedIdentity> {
    return this.verifier.verify(token);
  }

  async accountExists(accountId: string): Promise<boolean> {
    return !!(await this.accounts.findById(accountId));
  }

  async findAccountByEmail(email: string): Promise<IdentityAccount | null> {
    const account = await this.accounts.findByEmail(email);
    return account ? { id: account.id, email: account.email } : null;
  }

  async setPassword(accountId: string, password: string): Promise<void> {
    await this.accounts.setPasswordHash(accountId, await hashPassword(password));
    const account = await this.accounts.findById(accountId);
    if (account) await this.throttle.clearAccount(account.email);
  }

  /**
   * Nothing to do here: an embedded account that is not verified can always sign in far enough to be told so,
   * and the provider's own page then offers "Send a new link" (with its own mailer and limits).
   */
  async resendVerification(): Promise<void> {}

  async signupProfile(accountId: string): Promise<SignupProfile | null> {
    const account = await this.accounts.findById(accountId);
    return account ? parseSignupProfile(account.signupUsername, account.signupPlan) : null;
  }
}

import { Errors } from '../common/app-error';
import type { IdentityProvider, VerifiedIdentity } from './identity-provider';

/**
 * Used while no identity provider is wired in: every token is refused, so every protected endpoint
 * answers 401. Sign-in does not exist in this state; nothing here pretends it does.
 */
export class UnavailableIdentityProvider implements IdentityProvider {
  verifyAccessToken(): Promise<VerifiedIdentity> {
    return Promise.reject(Errors.invalidToken());
  }
}

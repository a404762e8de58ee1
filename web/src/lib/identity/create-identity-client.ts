import type { IdentityClientConfig } from '@touchline/shared';
import type { IdentityClient } from './identity-client';
import { IdentityConfigurationError } from './identity-client';

/**
 * The one place in the SPA that knows which identity provider runs. Each adapter, with its library
 * (keycloak-js or oidc-client-ts), is a chunk of its own fetched here, so no page's first download carries
 * either library and a deployment only ever loads the one it uses.
 */
export async function createIdentityClient(config: IdentityClientConfig): Promise<IdentityClient> {
  switch (config.provider) {
    case 'keycloak': {
      const { KeycloakIdentityClient } = await import('./keycloak-identity-client');
      return new KeycloakIdentityClient({ url: config.url, realm: config.realm, clientId: config.clientId });
    }
    case 'embedded': {
      const { EmbeddedIdentityClient } = await import('./embedded-identity-client');
      return new EmbeddedIdentityClient(config.issuer, config.clientId);
    }
    default:
      throw new IdentityConfigurationError(`unknown identity provider ${(config as { provider: string }).provider}`);
  }
}

let current: IdentityClient | null = null;

/** The identity client the app started with; null before start-up or when none could be configured. */
export function identityClient(): IdentityClient | null {
  return current;
}

export function setIdentityClient(client: IdentityClient | null): void {
  current = client;
}

/**
 * Whether /signup offers "Resend verification email": with Keycloak only, whose account can be left waiting
 * for a verification email that never went out. The embedded provider's own page has "Send a new link".
 */
export function offersVerificationResend(): boolean {
  return current?.offersVerificationResend === true;
}

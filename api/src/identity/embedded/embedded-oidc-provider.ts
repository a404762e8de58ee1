import { Logger } from '@nestjs/common';
import { WEB_CLIENT_ID } from '@touchline/shared';
import type { AppConfig } from '../../config';
import type { DataSource } from 'typeorm';
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { errorPage, loggedOutPage, logoutPage } from './pages';
import { postgresOidcAdapter } from './postgres-oidc-adapter';
import type { IdentityAccountsRepository } from './identity-accounts.repository';
import type { EmbeddedIdpSecrets } from './identity-secrets';

export const SPA_CLIENT_ID = WEB_CLIENT_ID;
export const API_AUDIENCE = 'touchline-api';
const API_SCOPE = 'api';

const logger = new Logger('EmbeddedOidcProvider');
export const issuerFor = (config: Pick<AppConfig, 'publicUrl'>) => `${config.publicUrl}/idp`;
/** The RFC 8707 resource indicator of the API; tokens for it carry `aud: touchline-api`. */
export const apiResourceFor = (config: Pick<AppConfig, 'publicUrl'>) => `${config.publicUrl}/api`;

/**
 * The embedded OpenID provider: Authorization Code with PKCE (S256) for the SPA, JWT access tokens for the
 * API, sessions and grants in PostgreSQL, and the product's own sign-in pages (see interaction.controller).
 */
export function createEmbeddedOidcProvider(
  config: AppConfig,
  dataSource: DataSource,
  accounts: IdentityAccountsRepository,
  secrets: EmbeddedIdpSecrets,
): Provider {
  const apiResource = apiResourceFor(config);
  const home = `${config.publicUrl}/`;

  const configuration: Configuration = {
    adapter: postgresOidcAdapter(dataSource),
    clients: [
      {
        client_id: SPA_CLIENT_ID,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${config.publicUrl}/login`, `${config.publicUrl}/silent-renew.html`],
        post_logout_redirect_uris: [home],
      },
    ],
    jwks: secrets.jwks as Configuration['jwks'],
    cookies: {
      keys: secrets.cookieKeys,
      long: { signed: true, sameSite: 'lax' },
      short: { signed: true, sameSite: 'lax' },
    },
    pkce: { methods: ['S256'], required: () => true },
    scopes: ['openid', 'email', 'offline_access', API_SCOPE],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    // The SPA reads email and email_verified from the ID token, as it does with Keycloak.
    conformIdTokenClaims: false,
    // keycloak-js sends `kc_action`; here SIGNUP opens registration and UPDATE_PASSWORD the password change.
    // With SIGNUP, /signup also sends the username and plan it collected: the account keeps them.
    extraParams: ['kc_action', 'signup_username', 'signup_plan'],
    async findAccount(_ctx, sub) {
      const account = await accounts.findById(sub);
      if (!account || account.disabled) return undefined;
      return {
        accountId: account.id,
        claims: async () => ({ sub: account.id, email: account.email, email_verified: account.emailVerified }),
      };
    },
    async extraTokenClaims(_ctx, token) {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const account = await accounts.findById(token.accountId);
      return account ? { email: account.email, email_verified: account.emailVerified } : undefined;
    },
    // First-party client: nothing to consent to. The grant covers the ID token and the API.
    async loadExistingGrant(ctx) {
      const { oidc } = ctx;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session!.grantIdFor(oidc.client!.clientId);
      const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
      if (existing) return existing;
      const grant = new oidc.provider.Grant({ clientId: oidc.client!.clientId, accountId: oidc.session!.accountId });
      grant.addOIDCScope('openid email offline_access');
      grant.addResourceScope(apiResource, API_SCOPE);
      await grant.save();
      return grant;
    },
    // The SPA calls the token endpoint from the product's own origin, and from nowhere else.
    clientBasedCORS: (_ctx, origin) => origin === new URL(config.publicUrl).origin,
    async issueRefreshToken(_ctx, client) {
      return client.grantTypeAllowed('refresh_token');
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => apiResource,
        useGrantedResource: () => true,
        async getResourceServerInfo(_ctx, resourceIndicator) {
          if (resourceIndicator !== apiResource) throw new errors.InvalidTarget();
          return { scope: API_SCOPE, audience: API_AUDIENCE, accessTokenTTL: 5 * 60, accessTokenFormat: 'jwt', jwt: { sign: { alg: 'RS256' } } };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx: KoaContextWithOIDC, form: string) {
          ctx.type = 'html';
          ctx.body = logoutPage(form);
        },
        async postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
          ctx.type = 'html';
          ctx.body = loggedOutPage(home);
        },
      },
    },
    interactions: { url: (_ctx, interaction) => `/idp/interaction/${interaction.uid}` },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = errorPage(String(out.error_description ?? out.error), home);
    },
    ttl: {
      AccessToken: 5 * 60,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Grant: 14 * 24 * 60 * 60,
      Session: 14 * 24 * 60 * 60,
      RefreshToken: 14 * 24 * 60 * 60,
    },
  };

  const provider = new Provider(issuerFor(config), configuration);
  provider.proxy = config.trustProxy;
  // Failed token requests and provider faults are the operator's first clue; log them (never the tokens).
  provider.on('grant.error', (_ctx, error) => logger.warn({ err: error }, 'token request refused'));
  provider.on('server_error', (_ctx, error) => logger.error({ err: error }, 'provider error'));
  return provider;
}

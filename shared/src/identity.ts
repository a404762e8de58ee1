/** The OAuth client id of the web app, at the embedded provider and in the Keycloak realm alike. */
export const WEB_CLIENT_ID = 'touchline-web';

/** `GET /api/auth/config`: what the web app needs to talk to the identity provider the server runs. */
export type IdentityClientConfig =
  { provider: 'embedded'; issuer: string; clientId: string } | { provider: 'keycloak'; url: string; realm: string; clientId: string };

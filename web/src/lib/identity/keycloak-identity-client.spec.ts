import { afterEach, describe, expect, it, vi } from 'vitest';
import { IdentityConfigurationError, IdentityUnavailableError, PROVIDER_UNAVAILABLE } from './identity-client';
import { KeycloakIdentityClient, SILENT_CHECK_TIMEOUT_MS } from './keycloak-identity-client';

// keycloak-js as it behaves when its server does not answer: its check frame never reports, and init fails with a
// timeout that says nothing of why.
const keycloak = vi.hoisted(() => ({ init: vi.fn() }));
vi.mock('keycloak-js', () => ({
  default: class {
    init = keycloak.init;
  },
}));

const config = { url: 'http://localhost:8081', realm: 'touchline', clientId: 'touchline-web' };
const discovery = 'http://localhost:8081/realms/touchline/.well-known/openid-configuration';

afterEach(() => {
  vi.unstubAllGlobals();
  keycloak.init.mockReset();
});

describe('Keycloak adapter start-up', () => {
  it.each([
    ['nothing listens (connection refused)', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a proxy in front of it answers 502', () => Promise.resolve(new Response('Bad Gateway', { status: 502 }))],
  ])('Keycloak down, %s: sign-in is unavailable for now, not misconfigured', async (_, answer) => {
    keycloak.init.mockRejectedValue(new Error('Timeout when waiting for 3rd party check iframe message.'));
    const fetch = vi.fn(answer);
    vi.stubGlobal('fetch', fetch);
    const client = new KeycloakIdentityClient(config);

    await expect(client.init()).rejects.toBeInstanceOf(IdentityUnavailableError);
    expect(fetch).toHaveBeenCalledWith(discovery);
    expect(client.callbackError()).toBe(PROVIDER_UNAVAILABLE);
  });

  it.each([
    ['its realm answers', () => Promise.resolve(new Response('{}', { status: 200 }))],
    // A wrong realm's 404 carries no CORS headers: the browser refuses the read, but an opaque request gets through.
    [
      'a wrong realm',
      (_: string, init?: RequestInit) => (init?.mode === 'no-cors' ? Promise.resolve(new Response(null)) : Promise.reject(new TypeError('Failed to fetch'))),
    ],
  ])('Keycloak answers (%s), yet the adapter fails: a configuration problem, as before', async (_, answer) => {
    keycloak.init.mockRejectedValue(new Error('Timeout when waiting for 3rd party check iframe message.'));
    vi.stubGlobal('fetch', vi.fn(answer));
    const client = new KeycloakIdentityClient(config);

    await expect(client.init()).rejects.toBeInstanceOf(IdentityConfigurationError);
    expect(client.callbackError()).toBe('sign_in_failed');
  });
});

describe('Keycloak adapter on a signed-out page', () => {
  it('looks for a session in a hidden frame only: never a full-page trip to Keycloak, not even when third-party cookies are refused', async () => {
    keycloak.init.mockResolvedValue(false);
    const client = new KeycloakIdentityClient(config);

    await expect(client.init()).resolves.toBeNull();
    expect(keycloak.init).toHaveBeenCalledWith(
      expect.objectContaining({
        onLoad: 'check-sso',
        checkLoginIframe: false,
        silentCheckSsoRedirectUri: `${window.location.origin}/silent-check-sso.html`,
        // keycloak-js's default (true) redirects the whole page when the frame cannot use Keycloak's cookies.
        silentCheckSsoFallback: false,
      }),
    );
  });

  it('renders signed out when the silent check never answers (Keycloak shows an error page in the frame)', async () => {
    vi.useFakeTimers();
    try {
      keycloak.init.mockReturnValue(new Promise(() => {}));
      vi.stubGlobal('fetch', vi.fn());
      const client = new KeycloakIdentityClient(config);
      const session = client.init();
      await vi.advanceTimersByTimeAsync(SILENT_CHECK_TIMEOUT_MS);

      await expect(session).resolves.toBeNull();
      expect(client.callbackError()).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

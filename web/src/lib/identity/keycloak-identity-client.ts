import Keycloak, { type KeycloakInitOptions, type KeycloakServerConfig } from 'keycloak-js';
import type { ActionOutcome, IdentityClient, IdentitySession } from './identity-client';
import { classifyProviderError, IdentityUnavailableError, PROVIDER_UNAVAILABLE, SessionListeners } from './identity-client';

const origin = () => window.location.origin;

/**
 * How long a page waits for keycloak-js's start (its third-party cookie check, then the silent sign-in check) before it
 * renders signed out. Above keycloak-js's own 10 s wait for the cookie check, so Keycloak being down still reads as such.
 */
export const SILENT_CHECK_TIMEOUT_MS = 15_000;

/**
 * keycloak-js's start. A signed-out page never leaves the product to render: the session is looked for silently,
 * in a hidden frame (silent-check-sso.html), and never by a full-page round trip to Keycloak. When the browser keeps
 * Keycloak's cookies from that frame (the product and Keycloak on different sites, say localhost and 127.0.0.1),
 * keycloak-js would otherwise fall back to that round trip on every page load, back through /login and on to
 * Keycloak's sign-in page (silentCheckSsoFallback). Without the frame's answer the page is simply signed out; /login
 * signs in with a redirect as always. No session-status frame either (checkLoginIframe): it needs the same cookies.
 */
export function keycloakInitOptions(): KeycloakInitOptions {
  return {
    onLoad: 'check-sso',
    pkceMethod: 'S256',
    checkLoginIframe: false,
    silentCheckSsoRedirectUri: `${origin()}/silent-check-sso.html`,
    silentCheckSsoFallback: false,
    redirectUri: `${origin()}/login`,
    scope: 'openid email',
  };
}

/** Keycloak through its own adapter, keycloak-js: registration page, required actions and their outcome. */
export class KeycloakIdentityClient implements IdentityClient {
  readonly offersVerificationResend = true;
  private keycloak: Keycloak;
  private lastCallbackError: string | null = null;
  private lastActionOutcome: ActionOutcome | null = null;
  private ready: Promise<unknown> | null = null;
  private readonly listeners = new SessionListeners();

  constructor(private readonly config: KeycloakServerConfig) {
    this.keycloak = this.create();
  }

  private create(): Keycloak {
    const keycloak = new Keycloak(this.config);
    keycloak.onActionUpdate = (status) => {
      this.lastActionOutcome = status;
    };
    keycloak.onTokenExpired = () => {
      keycloak.updateToken(-1).catch(() => {
        keycloak.clearToken();
        this.emit();
      });
    };
    keycloak.onAuthLogout = () => this.emit();
    return keycloak;
  }

  init(): Promise<IdentitySession | null> {
    this.ready ??= this.initialise();
    return this.ready.then(() => this.session());
  }

  private async initialise(): Promise<void> {
    const options = keycloakInitOptions();
    try {
      await this.silently(this.keycloak, options);
    } catch (error) {
      const oauthError = (error as { error?: unknown } | undefined)?.error;
      if (typeof oauthError !== 'string') {
        // Keycloak down: keycloak-js waits for its check frame, then fails with a timeout that says nothing of why.
        if (!(await this.reachable())) {
          this.lastCallbackError = PROVIDER_UNAVAILABLE;
          throw new IdentityUnavailableError(`Keycloak cannot be reached at ${this.config.url}`, { cause: error });
        }
        // Coming back from the provider failed (say, the code could not be exchanged): remember it, so the
        // login page stops instead of sending the browser round again.
        this.lastCallbackError = 'sign_in_failed';
        throw classifyProviderError(error);
      }
      // The provider came back with an error (say, Cancel on its page). The session may still be there:
      // look for it silently with a fresh adapter (one keycloak-js instance initialises once).
      this.lastCallbackError = oauthError;
      this.keycloak = this.create();
      await this.silently(this.keycloak, options).catch((e: unknown) => {
        this.lastCallbackError = 'sign_in_failed';
        throw classifyProviderError(e);
      });
    }
  }

  /**
   * keycloak-js's start, bounded: its silent check waits for a frame that never reports when Keycloak answers it with
   * an error page (say, a product address the realm does not allow). Past SILENT_CHECK_TIMEOUT_MS the page goes on
   * signed out, and a session the check finds later still reaches the listeners.
   */
  private silently(keycloak: Keycloak, options: KeycloakInitOptions): Promise<void> {
    let settled = false;
    const started = keycloak.init(options).then(
      () => {
        if (settled && keycloak === this.keycloak && keycloak.authenticated) this.emit();
      },
      (error: unknown) => {
        if (!settled) throw error;
      },
    );
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        settled = true;
        console.warn('[auth] Keycloak did not answer the silent sign-in check in time; going on signed out');
        resolve();
      }, SILENT_CHECK_TIMEOUT_MS);
      started.then(
        () => {
          clearTimeout(timer);
          settled = true;
          resolve();
        },
        (error: unknown) => {
          clearTimeout(timer);
          settled = true;
          reject(error as Error);
        },
      );
    });
  }

  /**
   * Whether Keycloak answers: its realm's OpenID configuration, which it serves to any origin. A proxy's 5xx means it
   * is down. A refused CORS read (a wrong realm's 404 carries no CORS headers) is retried opaquely: any answer at
   * all means something is there, so the problem is the configuration, not availability.
   */
  private async reachable(): Promise<boolean> {
    const discovery = `${this.config.url.replace(/\/+$/, '')}/realms/${this.config.realm}/.well-known/openid-configuration`;
    try {
      return (await fetch(discovery)).status < 500;
    } catch {
      return fetch(discovery, { mode: 'no-cors' }).then(
        () => true,
        () => false,
      );
    }
  }

  session(): IdentitySession | null {
    const claims = this.keycloak.authenticated ? this.keycloak.idTokenParsed : undefined;
    if (!claims?.sub) return null;
    return {
      subject: claims.sub,
      email: typeof claims.email === 'string' ? claims.email : null,
      emailVerified: claims.email_verified === true,
    };
  }

  login(options: { loginHint?: string } = {}): Promise<void> {
    return this.keycloak.login({ loginHint: options.loginHint, redirectUri: `${origin()}/login` });
  }

  register(options: { loginHint: string }): Promise<void> {
    return this.keycloak.register({ loginHint: options.loginHint, redirectUri: `${origin()}/login` });
  }

  changePassword(): Promise<void> {
    return this.keycloak.login({ action: 'UPDATE_PASSWORD', prompt: 'login', redirectUri: `${origin()}/login` });
  }

  logout(): Promise<void> {
    return this.keycloak.logout({ redirectUri: `${origin()}/` });
  }

  async accessToken(): Promise<string | null> {
    if (this.ready) await this.ready.catch(() => undefined);
    if (!this.keycloak.authenticated) return null;
    try {
      await this.keycloak.updateToken(30);
      return this.keycloak.token ?? null;
    } catch {
      this.keycloak.clearToken();
      this.emit();
      return null;
    }
  }

  callbackError(): string | null {
    return this.lastCallbackError;
  }

  actionOutcome(): ActionOutcome | null {
    return this.lastActionOutcome;
  }

  onSessionChange(listener: (session: IdentitySession | null) => void): () => void {
    return this.listeners.add(listener);
  }

  private emit(): void {
    this.listeners.emit(this.session());
  }
}

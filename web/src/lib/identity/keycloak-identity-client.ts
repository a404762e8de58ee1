import Keycloak, { type KeycloakServerConfig } from 'keycloak-js';
import type { ActionOutcome, IdentityClient, IdentitySession } from './identity-client';
import { classifyProviderError, IdentityUnavailableError, PROVIDER_UNAVAILABLE, SessionListeners } from './identity-client';

const origin = () => window.location.origin;

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
    const options = {
      onLoad: 'check-sso' as const,
      pkceMethod: 'S256' as const,
      checkLoginIframe: false,
      silentCheckSsoRedirectUri: `${origin()}/silent-check-sso.html`,
      redirectUri: `${origin()}/login`,
      scope: 'openid email',
    };
    try {
      await this.keycloak.init(options);
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
      await this.keycloak.init(options).catch((e: unknown) => {
        this.lastCallbackError = 'sign_in_failed';
        throw classifyProviderError(e);
      });
    }
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

import { ErrorResponse, InMemoryWebStorage, UserManager, WebStorageStateStore, type User } from 'oidc-client-ts';
import type { ActionOutcome, IdentityClient, IdentitySession, SignupProfile } from './identity-client';
import { classifyProviderError, SessionListeners } from './identity-client';

export const SILENT_RENEW_PATH = '/silent-renew.html';

/**
 * The embedded provider (/idp) through oidc-client-ts. Its refresh tokens are opaque, which keycloak-js
 * cannot hold, so this adapter uses the generic library. Tokens live in memory only; after a reload the
 * session is found again with a silent request in an iframe (prompt=none).
 */
export class EmbeddedIdentityClient implements IdentityClient {
  private readonly manager: UserManager;
  private user: User | null = null;
  private lastCallbackError: string | null = null;
  private ready: Promise<void> | null = null;
  private readonly listeners = new SessionListeners();

  constructor(issuer: string, clientId: string) {
    const origin = window.location.origin;
    this.manager = new UserManager({
      authority: issuer,
      client_id: clientId,
      redirect_uri: `${origin}/login`,
      post_logout_redirect_uri: `${origin}/`,
      silent_redirect_uri: `${origin}${SILENT_RENEW_PATH}`,
      response_type: 'code',
      scope: 'openid email',
      loadUserInfo: false,
      automaticSilentRenew: true,
      userStore: new WebStorageStateStore({ store: new InMemoryWebStorage() }),
    });
    this.manager.events.addUserLoaded((user) => {
      this.user = user;
    });
    this.manager.events.addUserUnloaded(() => {
      this.user = null;
      this.emit();
    });
    this.manager.events.addSilentRenewError(() => {
      this.user = null;
      this.emit();
    });
  }

  init(): Promise<IdentitySession | null> {
    this.ready ??= this.initialise();
    return this.ready.then(() => this.session());
  }

  private async initialise(): Promise<void> {
    const url = new URL(window.location.href);
    const isCallback = url.pathname === '/login' && url.searchParams.has('state') && (url.searchParams.has('code') || url.searchParams.has('error'));
    if (isCallback) {
      try {
        this.user = await this.manager.signinRedirectCallback(url.href);
      } catch (error) {
        this.lastCallbackError = error instanceof ErrorResponse ? (error.error ?? 'sign_in_failed') : 'sign_in_failed';
        if (!(error instanceof ErrorResponse)) throw classifyProviderError(error);
      } finally {
        // Drop the code and state from the address, unless the app has already moved on (a person still signed
        // in from before goes straight to where they were going): rewriting the address then would put /login
        // over the page being shown.
        if (window.location.href === url.href) window.history.replaceState(window.history.state, '', url.pathname);
      }
      if (this.user) return;
    }
    try {
      this.user = await this.manager.signinSilent();
    } catch (error) {
      // login_required and friends: simply no session. Anything else is a real fault.
      if (!(error instanceof ErrorResponse)) throw classifyProviderError(error);
      this.user = null;
    }
  }

  session(): IdentitySession | null {
    const profile = this.user && !this.user.expired ? this.user.profile : undefined;
    if (!profile?.sub) return null;
    return {
      subject: profile.sub,
      email: typeof profile.email === 'string' ? profile.email : null,
      emailVerified: profile.email_verified === true,
    };
  }

  login(options: { loginHint?: string } = {}): Promise<void> {
    return this.manager.signinRedirect({ login_hint: options.loginHint });
  }

  register(options: { loginHint: string; profile?: SignupProfile }): Promise<void> {
    const profile: Record<string, string> = options.profile ? { signup_username: options.profile.username, signup_plan: options.profile.plan } : {};
    return this.manager.signinRedirect({ login_hint: options.loginHint, prompt: 'login', extraQueryParams: { kc_action: 'SIGNUP', ...profile } });
  }

  changePassword(): Promise<void> {
    return this.manager.signinRedirect({ prompt: 'login', extraQueryParams: { kc_action: 'UPDATE_PASSWORD' } });
  }

  async logout(): Promise<void> {
    const idToken = this.user?.id_token;
    await this.manager.removeUser();
    await this.manager.signoutRedirect({ id_token_hint: idToken });
  }

  async accessToken(): Promise<string | null> {
    if (this.ready) await this.ready.catch(() => undefined);
    if (!this.user) return null;
    if ((this.user.expires_in ?? 0) < 30) {
      try {
        this.user = await this.manager.signinSilent();
      } catch {
        this.user = null;
        this.emit();
      }
    }
    return this.user?.access_token ?? null;
  }

  callbackError(): string | null {
    return this.lastCallbackError;
  }

  actionOutcome(): ActionOutcome | null {
    // The embedded provider answers a finished password change like a sign-in; the caller reads that.
    return null;
  }

  onSessionChange(listener: (session: IdentitySession | null) => void): () => void {
    return this.listeners.add(listener);
  }

  private emit(): void {
    this.listeners.emit(this.session());
  }
}

import { IDENTITY_ERROR_MESSAGES, backendFailure, type UserDto } from '@touchline/shared';
import { readApiError } from '@/lib/api-client';
import type { IdentitySession } from '@/lib/identity/identity-client';
import type { AuthState } from './stores/auth-store';
import { authErrorMessage } from './auth-messages';

export interface AuthListenerDeps {
  state: () => AuthState;
  /** POST /api/auth/login for the session's account. */
  sync: (session: IdentitySession) => Promise<UserDto>;
  notify: (message: string) => void;
}

/**
 * The auth listener of docs/product-spec.md §4, run for every change of the identity state:
 * with a session, sync with the backend, except while registering or while an unverified email awaits
 * verification; on a failed sync clear the user unless verification is pending; without a session clear
 * the user. The app counts as initialised after the first call.
 */
export async function onIdentityChange(session: IdentitySession | null, deps: AuthListenerDeps): Promise<void> {
  const state = deps.state();
  try {
    if (!session) {
      state.setUser(null);
      return;
    }
    if (state.isRegistering || !session.emailVerified) return;
    try {
      state.setUser(await deps.sync(session));
    } catch (error) {
      const current = deps.state();
      if (!current.isVerifyingEmail && !current.verificationEmailSent) current.setUser(null);
      deps.notify(syncFailureMessage(error));
    }
  } finally {
    if (!deps.state().isInitialized) deps.state().setInitialized(true);
  }
}

function syncFailureMessage(error: unknown): string {
  // The account exists at the provider but has no user here (its registration never completed).
  if (readApiError(error)?.status === 404) return IDENTITY_ERROR_MESSAGES['user-not-found'];
  return authErrorMessage(error, backendFailure.login, 'Login failed');
}

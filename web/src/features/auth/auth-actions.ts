import { AUTH_MESSAGES, type Plan, type UserDto } from '@touchline/shared';
import { readApiError } from '@/lib/api-client';
import { identityClient } from '@/lib/identity/create-identity-client';
import { IdentityConfigurationError, type IdentitySession } from '@/lib/identity/identity-client';
import { checkUser, registerUser, syncLogin } from './api/auth-api';
import { clearPendingRegistration, readPendingRegistration, savePendingRegistration, type PendingRegistration } from './pending-registration';
import { useAuthStore } from './stores/auth-store';
import { STORAGE_KEYS } from '@/config/constants';

const PENDING_ACTION_KEY = 'touchline.pendingAction';
export const DEFAULT_AFTER_LOGIN = '/dashboard/overview';

function requireIdentity() {
  const client = identityClient();
  if (!client) throw new IdentityConfigurationError('no identity provider is configured');
  return client;
}

const sameEmail = (a: string | null | undefined, b: string | null | undefined) => !!a && !!b && a.toLowerCase() === b.toLowerCase();

/** Registration step 2 (docs/product-spec.md §4): with the email verified, create the user; "already exists" falls back to login. */
export async function completeRegistration(session: IdentitySession | null): Promise<UserDto> {
  const pending = readPendingRegistration();
  if (!pending) throw new Error(AUTH_MESSAGES.noPendingRegistration);
  if (!session) throw new Error(AUTH_MESSAGES.userNotAuthenticated);
  if (!session.emailVerified) throw new Error(AUTH_MESSAGES.emailNotVerified);
  const store = useAuthStore.getState();
  const email = session.email ?? pending.email;
  store.setRegistering(true);
  try {
    let user: UserDto;
    try {
      user = await registerUser({ ...pending, email, identityId: session.subject });
    } catch (error) {
      if (readApiError(error)?.status !== 409) throw error;
      user = await syncLogin(session.subject, email);
    }
    store.setUser(user);
    clearPendingRegistration();
    store.setVerificationEmailSent(false);
    store.setVerifyingEmail(false);
    return user;
  } finally {
    store.setRegistering(false);
  }
}

/** The registration pending for this session, if the session can complete it now. */
export function registrationReadyFor(session: IdentitySession | null): PendingRegistration | null {
  const pending = readPendingRegistration();
  return session?.emailVerified && pending && sameEmail(pending.email, session.email) ? pending : null;
}

/**
 * Registration step 1 (docs/product-spec.md §4): keep what /signup collected, then create the account at the provider, which
 * sends the verification email. An account already signed in and verified with the same email registers at once.
 */
export async function startSignup(form: Omit<PendingRegistration, 'identityId'>): Promise<UserDto | null> {
  const client = requireIdentity();
  const session = client.session();
  savePendingRegistration({ ...form, identityId: session?.subject ?? null });
  useAuthStore.getState().setVerificationEmailSent(true);
  if (session?.emailVerified && sameEmail(session.email, form.email)) return completeRegistration(session);
  await client.register({ loginHint: form.email, profile: { username: form.username, plan: form.plan } });
  return null;
}

export async function startLogin(loginHint?: string): Promise<void> {
  await requireIdentity().login({ loginHint });
}

let loggingOut = false;

/** True from Logout until the page leaves for the provider: protected pages then render nothing, not a login. */
export function isLoggingOut(): boolean {
  return loggingOut;
}

/** Logout (docs/product-spec.md §4): clear the user and the persisted auth state, then end the provider's session. */
export async function logout(): Promise<void> {
  loggingOut = true;
  useAuthStore.getState().logout();
  try {
    await identityClient()?.logout();
  } finally {
    if (!identityClient()) loggingOut = false;
  }
}

/** Password update (docs/product-spec.md §5): re-authentication and the new password happen on the provider's pages. */
export async function startPasswordChange(): Promise<void> {
  if (!useAuthStore.getState().user) throw new Error(AUTH_MESSAGES.userNotAuthenticated);
  const client = requireIdentity();
  sessionStorage.setItem(PENDING_ACTION_KEY, 'UPDATE_PASSWORD');
  sessionStorage.setItem(STORAGE_KEYS.redirectAfterLogin, '/profile');
  await client.changePassword();
}

/** After a return from the provider: how a password change that this tab started ended, if one did. */
export function takePasswordChangeOutcome(session: IdentitySession | null): 'success' | 'cancelled' | 'error' | null {
  if (sessionStorage.getItem(PENDING_ACTION_KEY) !== 'UPDATE_PASSWORD') return null;
  sessionStorage.removeItem(PENDING_ACTION_KEY);
  const client = identityClient();
  const reported = client?.actionOutcome();
  if (reported) return reported;
  const error = client?.callbackError();
  if (error === 'access_denied') return 'cancelled';
  return !error && session ? 'success' : 'error';
}

/** Plan change (docs/product-spec.md §4): no plan refreshes the user from the backend; a plan replaces the local one. */
export async function changePlan(plan?: Plan): Promise<void> {
  const store = useAuthStore.getState();
  if (plan === undefined) {
    store.setUser(await checkUser());
    return;
  }
  if (store.user) store.setUser({ ...store.user, plan, eliteRole: plan === 'Elite' ? store.user.eliteRole : null });
}

/** Where to go after signing in: the remembered path (once), or the overview. Only paths of this app. */
export function takeRedirectAfterLogin(): string {
  const target = sessionStorage.getItem(STORAGE_KEYS.redirectAfterLogin);
  sessionStorage.removeItem(STORAGE_KEYS.redirectAfterLogin);
  return target && target.startsWith('/') && !target.startsWith('//') ? target : DEFAULT_AFTER_LOGIN;
}

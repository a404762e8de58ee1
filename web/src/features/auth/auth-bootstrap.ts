import { DEFAULT_MESSAGES, backendFailure } from '@touchline/shared';
import { toast } from '@/components/ui/use-toast';
import { getPublicJson, setAccessTokenSource, type AccessTokenSource } from '@/lib/api-client';
import type { IdentityClientConfig } from '@touchline/shared';
import { createIdentityClient, setIdentityClient } from '@/lib/identity/create-identity-client';
import type { IdentitySession } from '@/lib/identity/identity-client';
import { syncLogin } from './api/auth-api';
import { completeRegistration, registrationReadyFor, takePasswordChangeOutcome } from './auth-actions';
import { onIdentityChange, type AuthListenerDeps } from './auth-listener';
import { authErrorMessage } from './auth-messages';
import { useAuthStore } from './stores/auth-store';

/** Shown as a notification, and kept so /login can say why it stopped instead of waiting forever. */
const notify = (description: string) => {
  useAuthStore.getState().setAuthProblem(description);
  toast({ title: 'Sign-in problem', description, variant: 'destructive' });
};

const deps: AuthListenerDeps = {
  state: () => useAuthStore.getState(),
  sync: (session) => syncLogin(session.subject, session.email ?? ''),
  notify,
};

let started: Promise<void> | null = null;

/** Starts the identity client once per page load and runs the first identity callback. */
export function startAuth(): Promise<void> {
  started ??= run();
  return started;
}

async function run(): Promise<void> {
  const store = useAuthStore.getState();
  store.setLoading(true);
  let session: IdentitySession | null = null;
  // Requests made meanwhile (a signed-in page kept from before the reload asks for its data at once) wait for the
  // identity client's token rather than go without one; if the client cannot start, they go without.
  let tokenSource!: (source: AccessTokenSource) => void;
  setAccessTokenSource(new Promise<AccessTokenSource>((resolve) => (tokenSource = resolve)));
  try {
    const config = await getPublicJson<IdentityClientConfig>('/api/auth/config');
    const client = await createIdentityClient(config);
    setIdentityClient(client);
    tokenSource(() => client.accessToken());
    session = await client.init();
    client.onSessionChange((next) => void onIdentityChange(next, deps));
  } catch (error) {
    tokenSource(async () => null);
    // The person sees the catalogue's text; whoever opens the console sees the cause.
    console.warn('[auth] the identity provider could not be started:', error);
    notify(authErrorMessage(error, (status) => `${status}`, DEFAULT_MESSAGES.login));
  }

  try {
    if (registrationReadyFor(session)) {
      try {
        await completeRegistration(session);
      } catch (error) {
        store.setUser(null);
        notify(authErrorMessage(error, backendFailure.registration, DEFAULT_MESSAGES.registration));
      }
      if (!useAuthStore.getState().isInitialized) store.setInitialized(true);
    } else {
      await onIdentityChange(session, deps);
    }
    reportPasswordChange(session);
  } finally {
    useAuthStore.getState().setLoading(false);
  }
}

function reportPasswordChange(session: IdentitySession | null): void {
  const outcome = takePasswordChangeOutcome(session);
  if (outcome === 'success') toast({ title: 'Password updated', description: 'Use your new password the next time you sign in.' });
  if (outcome === 'cancelled') toast({ title: 'Password unchanged', description: 'You cancelled the password change.' });
  if (outcome === 'error') toast({ title: DEFAULT_MESSAGES.passwordUpdate, variant: 'destructive' });
}

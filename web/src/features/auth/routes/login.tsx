import { IDENTITY_ERROR_MESSAGES } from '@touchline/shared';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { FormAlert } from '@/components/ui/form-alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { identityClient } from '@/lib/identity/create-identity-client';
import { PROVIDER_UNAVAILABLE } from '@/lib/identity/identity-client';
import { logout, startLogin, takeRedirectAfterLogin } from '../auth-actions';
import { authErrorMessage, SIGN_IN_UNAVAILABLE_MESSAGE } from '../auth-messages';
import { useAuthStore } from '../stores/auth-store';
import { STORAGE_KEYS } from '@/config/constants';

/**
 * /login: sends the visitor to the provider's sign-in page and, when the provider sends them back here,
 * continues to the page they wanted (`redirect`, or `redirectAfterLogin`). A provider that came back with an
 * error, or a failed backend sync, stops here with a message and a button instead of looping.
 */
export default function LoginScreen() {
  const [params] = useSearchParams();
  const user = useAuthStore((s) => s.user);
  const isLoading = useAuthStore((s) => s.isLoading);
  const authProblem = useAuthStore((s) => s.authProblem);
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  const redirect = params.get('redirect');
  if (redirect?.startsWith('/') && !redirect.startsWith('//')) sessionStorage.setItem(STORAGE_KEYS.redirectAfterLogin, redirect);

  const client = identityClient();
  const cameBackWithError = client?.callbackError() ?? null;
  // The provider could not be reached when the page started: sending the browser there would end on its own error page.
  const unavailable = cameBackWithError === PROVIDER_UNAVAILABLE;
  const shouldRedirect = !isLoading && !user && !!client && !cameBackWithError && !client.session() && !error;
  // Signed in at the provider, yet the product could not sign the account in: say why, never wait forever.
  const stuck = !isLoading && !user && !!client?.session();

  // Once signed in, go on to the remembered page. Read and forget it exactly once, however often this renders.
  const navigate = useNavigate();
  const leaving = useRef(false);
  useEffect(() => {
    if (!user || leaving.current) return;
    leaving.current = true;
    void navigate(takeRedirectAfterLogin(), { replace: true });
  }, [user, navigate]);

  useEffect(() => {
    if (!shouldRedirect || started.current) return;
    started.current = true;
    startLogin().catch((e: unknown) => setError(authErrorMessage(e, (s) => `${s}`, 'Login failed')));
  }, [shouldRedirect]);

  const message =
    error ??
    (unavailable ? SIGN_IN_UNAVAILABLE_MESSAGE : null) ??
    (cameBackWithError ? (cameBackWithError === 'access_denied' ? 'Sign-in was cancelled.' : 'Login failed') : null) ??
    (!isLoading && !client ? IDENTITY_ERROR_MESSAGES['invalid-api-key'] : null) ??
    (stuck ? (authProblem ?? IDENTITY_ERROR_MESSAGES['user-not-found']) : null);
  const waiting = !!user || (!message && (isLoading || shouldRedirect));

  return (
    <Page title="Log in">
      {waiting ? (
        <Spinner label="Taking you to sign in" inline />
      ) : (
        <div className="max-w-md space-y-4">
          <FormAlert>{message}</FormAlert>
          {client && stuck && <Button onClick={() => void logout()}>Sign out</Button>}
          {client && !stuck && unavailable && <Button onClick={() => window.location.reload()}>Try again</Button>}
          {client && !stuck && !unavailable && (
            <Button
              onClick={() => {
                setError(null);
                startLogin().catch((e: unknown) => setError(authErrorMessage(e, (s) => `${s}`, 'Login failed')));
              }}
            >
              Continue to sign in
            </Button>
          )}
          <p className="text-sm text-slate-600">
            New here?{' '}
            <Link to={paths.signup} className="text-brand-700 underline">
              Start your free trial
            </Link>
          </p>
        </div>
      )}
    </Page>
  );
}

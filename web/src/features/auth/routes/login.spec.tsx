import { IDENTITY_ERROR_MESSAGES } from '@touchline/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setIdentityClient } from '@/lib/identity/create-identity-client';
import { IdentityUnavailableError, PROVIDER_UNAVAILABLE, type IdentityClient } from '@/lib/identity/identity-client';
import { makeIdentityClient } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { authErrorMessage, SIGN_IN_UNAVAILABLE_MESSAGE } from '../auth-messages';
import { useAuthStore } from '../stores/auth-store';

/** Signed in at the provider: the state /login is in when the product could not sign that account in. */
function providerSession(): IdentityClient {
  return makeIdentityClient({ session: () => ({ subject: 'sub-1', email: 'alex@club.example', emailVerified: true }) });
}

afterEach(() => {
  setIdentityClient(null);
  useAuthStore.setState({ isLoading: true, authProblem: null });
});

describe('/login after a failed sign-in to the product', () => {
  it('says why and offers a way on instead of waiting forever', async () => {
    const client = providerSession();
    setIdentityClient(client);
    useAuthStore.setState({ isLoading: false, authProblem: IDENTITY_ERROR_MESSAGES['network-request-failed'] });
    renderApp('/login');
    expect(await screen.findByRole('alert')).toHaveTextContent(IDENTITY_ERROR_MESSAGES['network-request-failed']);
    expect(screen.queryByText('Taking you to sign in')).toBeNull();
    screen.getByRole('button', { name: 'Sign out' }).click();
    expect(client.logout).toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Start your free trial' })).toHaveAttribute('href', '/signup');
  });

  it('without a recorded cause, shows the catalogue\'s "no account" text', async () => {
    setIdentityClient(providerSession());
    useAuthStore.setState({ isLoading: false, authProblem: null });
    renderApp('/login');
    expect(await screen.findByRole('alert')).toHaveTextContent(IDENTITY_ERROR_MESSAGES['user-not-found']);
  });
});

describe('/login while the identity provider cannot be reached', () => {
  it('says sign-in is unavailable for now and offers to try again, without sending the browser to the dead address', async () => {
    const client: IdentityClient = { ...providerSession(), session: () => null, callbackError: () => PROVIDER_UNAVAILABLE };
    setIdentityClient(client);
    useAuthStore.setState({ isLoading: false, user: null, authProblem: null });
    renderApp('/login');
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in is unavailable right now. Please try again in a few minutes.');
    expect(screen.queryByText(IDENTITY_ERROR_MESSAGES['invalid-api-key'])).toBeNull();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue to sign in' })).toBeNull();
    expect(client.login).not.toHaveBeenCalled();
  });

  it('the notification at start-up says the same', () => {
    expect(authErrorMessage(new IdentityUnavailableError('Keycloak cannot be reached'), String, 'Login failed')).toBe(SIGN_IN_UNAVAILABLE_MESSAGE);
  });
});

import { FORM_MESSAGES, IDENTITY_ERROR_MESSAGES } from '@touchline/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';
import { setIdentityClient } from '@/lib/identity/create-identity-client';
import { KeycloakIdentityClient } from '@/lib/identity/keycloak-identity-client';
import { useAuthStore } from '../stores/auth-store';

// The screens load on demand; load them once here, so the first test's waits measure the screen, not the import.
beforeAll(() => Promise.all([import('./signup'), import('./reset-password')]), 30_000);

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The field's error is the product's text, announced with the field, and the field says it is invalid. */
function expectFieldError(field: HTMLElement, message: string) {
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
  expect(screen.getByText(message)).toBeVisible();
}

// Typing with userEvent is slow on a busy machine; these tests type a lot.
describe('sign-up form', { timeout: 15_000 }, () => {
  // The form waits while the sign-in state loads; these visitors have none.
  beforeEach(() => useAuthStore.setState({ isLoading: false }));

  it('checks the fields itself and shows the catalogue texts beside them, sending nothing', async () => {
    const requests = fakeApi(() => undefined);
    renderApp('/signup');
    const user = userEvent.setup();
    const email = await screen.findByLabelText('Email');
    // The browser's own bubbles stay off: the product says what is wrong, in its own words.
    expect(email.closest('form')).toHaveAttribute('novalidate');

    await user.type(screen.getByLabelText('Username'), 'Alex');
    await user.type(email, 'alex@club');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expectFieldError(email, IDENTITY_ERROR_MESSAGES['invalid-email']);
    expect(email).toHaveFocus();
    expect(screen.getByLabelText('Username')).not.toHaveAttribute('aria-invalid');
    expect(requests).toEqual([]);
  });

  it('asks for a username and an email that are missing, focusing the first', async () => {
    renderApp('/signup');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    const username = screen.getByLabelText('Username');
    expectFieldError(username, FORM_MESSAGES.usernameLength);
    expectFieldError(screen.getByLabelText('Email'), FORM_MESSAGES.emailRequired);
    expect(username).toHaveFocus();
  });

  it('with Keycloak, "Resend verification email" sends the address and shows the answer', async () => {
    setIdentityClient(new KeycloakIdentityClient({ url: 'http://keycloak.example', realm: 'touchline', clientId: 'touchline-web' }));
    const answer = 'If an account with this email address is waiting for verification, we have sent it a new verification email.';
    const requests = fakeApi((r) =>
      r.method === 'POST' && r.path === '/api/auth/resend-verification' ? Response.json({ message: answer }, { status: 202 }) : undefined,
    );
    try {
      renderApp('/signup');
      const user = userEvent.setup();
      await user.type(await screen.findByLabelText('Email'), 'coach@club.example');
      await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
      expect(await screen.findByRole('status')).toHaveTextContent(answer);
      expect(requests.map((r) => `${r.method} ${r.path}`)).toContain('POST /api/auth/resend-verification');
    } finally {
      setIdentityClient(null);
    }
  });

  it('with the embedded provider, offers no resend (its own page has "Send a new link")', async () => {
    renderApp('/signup');
    await screen.findByLabelText('Email');
    expect(screen.queryByRole('button', { name: 'Resend verification email' })).toBeNull();
  });
});

describe('password reset form', { timeout: 15_000 }, () => {
  it('refuses a malformed address with the catalogue text, sending nothing', async () => {
    const requests = fakeApi(() => undefined);
    renderApp('/reset-password');
    const user = userEvent.setup();
    const email = await screen.findByLabelText('Email');
    expect(email.closest('form')).toHaveAttribute('novalidate');
    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expectFieldError(email, IDENTITY_ERROR_MESSAGES['invalid-email']);
    expect(email).toHaveFocus();
    expect(requests).toEqual([]);
  });

  it('checks the code and the new password beside their fields before sending them', async () => {
    const requests = fakeApi(({ path }) =>
      path === '/api/auth/reset-password-request' ? { message: 'If an account exists, a code is on its way.' } : undefined,
    );
    renderApp('/reset-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'alex@club.example');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const code = await screen.findByLabelText('Code from the email');
    await user.type(code, '12a');
    await user.type(screen.getByLabelText('New password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    expectFieldError(code, FORM_MESSAGES.resetCode);
    const password = screen.getByLabelText('New password');
    expectFieldError(password, IDENTITY_ERROR_MESSAGES['weak-password']);
    // The hint stays tied to the field as well.
    expect(password).toHaveAccessibleDescription(expect.stringContaining('At least 6 characters.'));
    expect(code).toHaveFocus();
    expect(requests.map((r) => r.path)).toEqual(['/api/auth/reset-password-request']);

    await user.clear(code);
    await user.type(code, '123456');
    await user.clear(password);
    await user.type(password, 'abcdef');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(requests.map((r) => r.path)).toContain('/api/auth/reset-password-confirm'));
    expect(code).not.toHaveAttribute('aria-invalid');
  });
});

import { AUTH_MESSAGES, IDENTITY_ERROR_MESSAGES } from '@touchline/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setIdentityClient } from '@/lib/identity/create-identity-client';
import { makeIdentityClient } from '@/test/fixtures';
import { makeUser } from '@/test/render-app';
import { changePlan, completeRegistration, startPasswordChange, startSignup, takeRedirectAfterLogin } from './auth-actions';
import { authErrorMessage } from './auth-messages';
import { readPendingRegistration, savePendingRegistration } from './pending-registration';
import { useAuthStore } from './stores/auth-store';

const session = { subject: 'sub-1', email: 'alex@club.example', emailVerified: true };
const pending = { username: 'alex', email: 'alex@club.example', plan: 'Coach' as const, identityId: null };

/** The backend, answered per path; every call is recorded. */
function backend(answers: Record<string, Response | (() => Response)>) {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ path: url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const answer = answers[url];
      if (!answer) throw new Error(`unexpected call ${url}`);
      return typeof answer === 'function' ? answer() : answer;
    }),
  );
  return calls;
}

beforeEach(() => {
  useAuthStore.setState({ user: null, isRegistering: false, verificationEmailSent: false, isVerifyingEmail: false });
});

afterEach(() => {
  vi.unstubAllGlobals();
  setIdentityClient(null);
});

describe('registration (docs/product-spec.md §4)', () => {
  it('step 1 keeps the pending registration, sets verificationEmailSent and goes to the provider with the email as hint and the profile for it to keep', async () => {
    const identity = makeIdentityClient();
    setIdentityClient(identity);
    await startSignup({ username: 'alex', email: 'alex@club.example', plan: 'Coach' });
    expect(readPendingRegistration()).toEqual(pending);
    expect(localStorage.getItem('pendingRegistration')).not.toBeNull();
    expect(useAuthStore.getState().verificationEmailSent).toBe(true);
    expect(identity.register).toHaveBeenCalledWith({ loginHint: 'alex@club.example', profile: { username: 'alex', plan: 'Coach' } });
  });

  it("step 2 registers with the session's identity, stores the user and clears the pending data", async () => {
    savePendingRegistration(pending);
    const user = makeUser({ plan: 'Coach' });
    const calls = backend({ '/api/auth/register': Response.json(user, { status: 201 }) });
    await completeRegistration(session);
    expect(calls[0]!.body).toEqual({ identityId: 'sub-1', username: 'alex', email: 'alex@club.example', plan: 'Coach' });
    expect(useAuthStore.getState()).toMatchObject({ user, isRegistering: false, verificationEmailSent: false });
    expect(readPendingRegistration()).toBeNull();
  });

  it('falls back to login when the account already exists', async () => {
    savePendingRegistration(pending);
    const user = makeUser();
    const calls = backend({
      '/api/auth/register': Response.json({ statusCode: 409, message: 'exists' }, { status: 409 }),
      '/api/auth/login': Response.json(user),
    });
    await completeRegistration(session);
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/register', '/api/auth/login']);
    expect(useAuthStore.getState().user).toEqual(user);
  });

  it('refuses without a pending registration or a verified email', async () => {
    await expect(completeRegistration(session)).rejects.toThrow(AUTH_MESSAGES.noPendingRegistration);
    savePendingRegistration(pending);
    await expect(completeRegistration({ ...session, emailVerified: false })).rejects.toThrow(AUTH_MESSAGES.emailNotVerified);
  });

  it('keeps the pending data when the backend fails', async () => {
    savePendingRegistration(pending);
    backend({ '/api/auth/register': new Response('', { status: 500, statusText: 'Internal Server Error' }) });
    const error = await completeRegistration(session).catch((e: unknown) => e);
    expect(authErrorMessage(error, (s) => `Backend registration failed: ${s}`, 'Registration failed')).toBe('Backend registration failed: 500');
    expect(readPendingRegistration()).toEqual(pending);
    expect(useAuthStore.getState().isRegistering).toBe(false);
  });
});

describe('password update (docs/product-spec.md §5)', () => {
  it('needs a signed-in user', async () => {
    setIdentityClient(makeIdentityClient());
    await expect(startPasswordChange()).rejects.toThrow('User not authenticated');
  });

  it('goes to the provider and comes back to /profile', async () => {
    const identity = makeIdentityClient();
    setIdentityClient(identity);
    useAuthStore.setState({ user: makeUser() });
    await startPasswordChange();
    expect(identity.changePassword).toHaveBeenCalled();
    expect(takeRedirectAfterLogin()).toBe('/profile');
  });

  it('names a missing identity provider with the configuration text', async () => {
    useAuthStore.setState({ user: makeUser() });
    const error = await startPasswordChange().catch((e: unknown) => e);
    expect(authErrorMessage(error, String, 'x')).toBe(IDENTITY_ERROR_MESSAGES['invalid-api-key']);
  });
});

describe('plan change (docs/product-spec.md §4)', () => {
  it('replaces the local plan when one is given', async () => {
    useAuthStore.setState({ user: makeUser({ plan: 'Free Trial' }) });
    await changePlan('Coach Plus');
    expect(useAuthStore.getState().user?.plan).toBe('Coach Plus');
  });

  it('refreshes the user from the backend without a plan', async () => {
    useAuthStore.setState({ user: makeUser({ plan: 'Free Trial' }) });
    backend({ '/api/auth/check': Response.json(makeUser({ plan: 'Elite', eliteRole: 'Elite Admin' })) });
    await changePlan();
    expect(useAuthStore.getState().user).toMatchObject({ plan: 'Elite', eliteRole: 'Elite Admin' });
  });
});

describe('redirect after login', () => {
  it('uses the remembered path once, and only paths of this app', () => {
    sessionStorage.setItem('redirectAfterLogin', '/dashboard/sessions');
    expect(takeRedirectAfterLogin()).toBe('/dashboard/sessions');
    expect(takeRedirectAfterLogin()).toBe('/dashboard/overview');
    sessionStorage.setItem('redirectAfterLogin', '//evil.example/x');
    expect(takeRedirectAfterLogin()).toBe('/dashboard/overview');
  });
});

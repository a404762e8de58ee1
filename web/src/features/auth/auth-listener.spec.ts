import { IDENTITY_ERROR_MESSAGES } from '@touchline/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { makeUser } from '@/test/render-app';
import { onIdentityChange, type AuthListenerDeps } from './auth-listener';
import { useAuthStore } from './stores/auth-store';

const verified = { subject: 'sub-1', email: 'alex@club.example', emailVerified: true };

function deps(sync: AuthListenerDeps['sync']) {
  const notify = vi.fn();
  return { deps: { state: () => useAuthStore.getState(), sync, notify }, notify };
}

beforeEach(() => {
  useAuthStore.setState({ user: null, isInitialized: false, isRegistering: false, isVerifyingEmail: false, verificationEmailSent: false });
});

describe('auth listener (docs/product-spec.md §4)', () => {
  it('syncs a session with the backend and stores the user, then marks the app initialised', async () => {
    const user = makeUser();
    const sync = vi.fn().mockResolvedValue(user);
    await onIdentityChange(verified, deps(sync).deps);
    expect(sync).toHaveBeenCalledWith(verified);
    expect(useAuthStore.getState()).toMatchObject({ user, isInitialized: true });
  });

  it('skips the sync while registering', async () => {
    useAuthStore.setState({ isRegistering: true, user: makeUser() });
    const sync = vi.fn();
    await onIdentityChange(verified, deps(sync).deps);
    expect(sync).not.toHaveBeenCalled();
    expect(useAuthStore.getState().user).not.toBeNull();
    expect(useAuthStore.getState().isInitialized).toBe(true);
  });

  it('skips the sync while an unverified email awaits verification', async () => {
    const sync = vi.fn();
    await onIdentityChange({ ...verified, emailVerified: false }, deps(sync).deps);
    expect(sync).not.toHaveBeenCalled();
  });

  it('clears the user when the sync fails, and says why', async () => {
    useAuthStore.setState({ user: makeUser() });
    const { deps: d, notify } = deps(vi.fn().mockRejectedValue(new ApiError(404, '{"statusCode":404,"message":"User not found"}')));
    await onIdentityChange(verified, d);
    expect(useAuthStore.getState().user).toBeNull();
    expect(notify).toHaveBeenCalledWith(IDENTITY_ERROR_MESSAGES['user-not-found']);
  });

  it('keeps the user when the sync fails while verification is pending', async () => {
    const user = makeUser();
    useAuthStore.setState({ user, verificationEmailSent: true });
    await onIdentityChange(verified, deps(vi.fn().mockRejectedValue(new ApiError(500, ''))).deps);
    expect(useAuthStore.getState().user).toBe(user);
  });

  it('uses the backend fallback text when the failure has no message', async () => {
    const { deps: d, notify } = deps(vi.fn().mockRejectedValue(new ApiError(502, 'Bad Gateway')));
    await onIdentityChange(verified, d);
    expect(notify).toHaveBeenCalledWith('Backend login failed: 502');
  });

  it('reports a network failure with the catalogue text', async () => {
    const { deps: d, notify } = deps(vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await onIdentityChange(verified, d);
    expect(notify).toHaveBeenCalledWith(IDENTITY_ERROR_MESSAGES['network-request-failed']);
  });

  it('clears the user without a session', async () => {
    useAuthStore.setState({ user: makeUser() });
    await onIdentityChange(null, deps(vi.fn()).deps);
    expect(useAuthStore.getState()).toMatchObject({ user: null, isInitialized: true });
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { makeUser } from '@/test/render-app';
import { useAuthStore } from './auth-store';

describe('auth store', () => {
  beforeEach(() => {
    useAuthStore.setState({ user: null, isInitialized: false, isLoading: false, isRegistering: false, isVerifyingEmail: false, verificationEmailSent: false });
  });

  it('persists only user and isInitialized, under auth-storage', () => {
    const s = useAuthStore.getState();
    s.setUser(makeUser());
    s.setInitialized(true);
    s.setLoading(true);
    s.setRegistering(true);
    s.setVerifyingEmail(true);
    s.setVerificationEmailSent(true);
    expect(Object.keys(localStorage)).toEqual(['auth-storage']);
    const persisted = JSON.parse(localStorage.getItem('auth-storage')!);
    expect(Object.keys(persisted.state).sort()).toEqual(['isInitialized', 'user']);
    expect(persisted.state.user.email).toBe('alex@club.example');
  });

  it('restores the persisted user after a reload', async () => {
    localStorage.setItem('auth-storage', JSON.stringify({ state: { user: makeUser({ username: 'sam' }), isInitialized: true }, version: 0 }));
    await useAuthStore.persist.rehydrate();
    expect(useAuthStore.getState().user?.username).toBe('sam');
    expect(useAuthStore.getState().isInitialized).toBe(true);
    expect(useAuthStore.getState().isRegistering).toBe(false);
  });

  it('logout clears the user and the persisted state', () => {
    useAuthStore.getState().setUser(makeUser());
    expect(localStorage.getItem('auth-storage')).not.toBeNull();
    useAuthStore.getState().logout();
    expect(useAuthStore.getState().user).toBeNull();
    expect(localStorage.getItem('auth-storage')).toBeNull();
  });
});

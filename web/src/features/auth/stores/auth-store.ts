import { type UserDto } from '@touchline/shared';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_KEYS } from '@/config/constants';

/** Auth state of docs/product-spec.md §3. Only `user` and `isInitialized` survive a reload (key `auth-storage`). */
export interface AuthState {
  user: UserDto | null;
  isLoading: boolean;
  isInitialized: boolean;
  isRegistering: boolean;
  isVerifyingEmail: boolean;
  verificationEmailSent: boolean;
  /** Why the last sign-in could not be completed (not persisted); cleared when a user is stored. */
  authProblem: string | null;
  setUser(user: UserDto | null): void;
  setLoading(isLoading: boolean): void;
  setInitialized(isInitialized: boolean): void;
  setRegistering(isRegistering: boolean): void;
  setVerifyingEmail(isVerifyingEmail: boolean): void;
  setVerificationEmailSent(sent: boolean): void;
  setAuthProblem(problem: string | null): void;
  /** Clears the user and the persisted `auth-storage`. */
  logout(): void;
}

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      user: null,
      // Until the identity client has started: screens that act on the sign-in state wait for it.
      isLoading: true,
      isInitialized: false,
      isRegistering: false,
      isVerifyingEmail: false,
      verificationEmailSent: false,
      authProblem: null,
      setUser: (user) => set(user ? { user, authProblem: null } : { user }),
      setLoading: (isLoading) => set({ isLoading }),
      setInitialized: (isInitialized) => set({ isInitialized }),
      setRegistering: (isRegistering) => set({ isRegistering }),
      setVerifyingEmail: (isVerifyingEmail) => set({ isVerifyingEmail }),
      setVerificationEmailSent: (verificationEmailSent) => set({ verificationEmailSent }),
      setAuthProblem: (authProblem) => set({ authProblem }),
      logout: () => {
        set({ user: null });
        useAuthStore.persist.clearStorage();
      },
    }),
    {
      name: STORAGE_KEYS.auth,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ user: state.user, isInitialized: state.isInitialized }),
    },
  ),
);

import { isPlan, type SignupPlan } from '@touchline/shared';
import { STORAGE_KEYS } from '@/config/constants';

/** What /signup collected, kept in local storage until registration completes (docs/product-spec.md §3). */
export interface PendingRegistration {
  username: string;
  email: string;
  plan: SignupPlan;
  /** Known once the provider has signed the new account in. */
  identityId: string | null;
}

export function readPendingRegistration(): PendingRegistration | null {
  try {
    const value = JSON.parse(localStorage.getItem(STORAGE_KEYS.pendingRegistration) ?? 'null') as PendingRegistration | null;
    return value && typeof value.email === 'string' && typeof value.username === 'string' && isPlan(value.plan) ? value : null;
  } catch {
    return null;
  }
}

export function savePendingRegistration(pending: PendingRegistration): void {
  localStorage.setItem(STORAGE_KEYS.pendingRegistration, JSON.stringify(pending));
}

export function clearPendingRegistration(): void {
  localStorage.removeItem(STORAGE_KEYS.pendingRegistration);
}

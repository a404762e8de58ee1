import type { UserDto } from '@touchline/shared';
import { apiRequest } from '@/lib/api-client';
import type { PendingRegistration } from '../pending-registration';

export const syncLogin = (identityId: string, email: string) => apiRequest<UserDto>('POST', '/api/auth/login', { identityId, email });

export const registerUser = (pending: PendingRegistration & { identityId: string }) =>
  apiRequest<UserDto>('POST', '/api/auth/register', {
    identityId: pending.identityId,
    username: pending.username,
    email: pending.email,
    plan: pending.plan,
  });

export const checkUser = () => apiRequest<UserDto>('GET', '/api/auth/check');

export const requestPasswordReset = (email: string) => apiRequest<{ message: string }>('POST', '/api/auth/reset-password-request', { email });

export const resendVerification = (email: string) => apiRequest<{ message: string }>('POST', '/api/auth/resend-verification', { email });

export const confirmPasswordReset = (email: string, code: string, newPassword: string) =>
  apiRequest<{ message: string }>('POST', '/api/auth/reset-password-confirm', { email, code, newPassword });

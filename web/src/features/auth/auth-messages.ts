import { IDENTITY_ERROR_MESSAGES, identityErrorMessage } from '@touchline/shared';
import { readApiError } from '@/lib/api-client';
import { IdentityConfigurationError, IdentityUnavailableError } from '@/lib/identity/identity-client';

/** When the identity provider cannot be reached: not the coach's connection, not a misconfiguration; it passes. */
export const SIGN_IN_UNAVAILABLE_MESSAGE = 'Sign-in is unavailable right now. Please try again in a few minutes.';

/**
 * The text a person sees for a failed auth step (docs/product-spec.md §8): the network and configuration rows for failures
 * before the backend answered, the backend's own message when it gave one, the step's fallback otherwise.
 */
export function authErrorMessage(error: unknown, fallback: (status: number) => string, defaultMessage: string): string {
  if (error instanceof TypeError) return IDENTITY_ERROR_MESSAGES['network-request-failed'];
  if (error instanceof IdentityUnavailableError) return SIGN_IN_UNAVAILABLE_MESSAGE;
  if (error instanceof IdentityConfigurationError) return IDENTITY_ERROR_MESSAGES['invalid-api-key'];
  const api = readApiError(error);
  if (api) return api.message ?? fallback(api.status);
  if (error instanceof Error && error.message) return error.message;
  return defaultMessage || identityErrorMessage(null);
}

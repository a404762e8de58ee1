import { describe, expect, it } from 'vitest';
import { backendFailure, identityErrorMessage, IDENTITY_ERROR_MESSAGES, UNEXPECTED_ERROR_MESSAGE } from './messages';

describe('identity error catalogue', () => {
  it('maps every known code to its own text', () => {
    for (const [code, text] of Object.entries(IDENTITY_ERROR_MESSAGES)) {
      expect(identityErrorMessage(code)).toBe(text);
    }
    expect(new Set(Object.values(IDENTITY_ERROR_MESSAGES)).size).toBe(Object.keys(IDENTITY_ERROR_MESSAGES).length);
  });

  it('falls back to the "anything else" row for unknown, empty and inherited keys', () => {
    expect(identityErrorMessage('quota-exceeded')).toBe(UNEXPECTED_ERROR_MESSAGE);
    expect(identityErrorMessage(undefined)).toBe(UNEXPECTED_ERROR_MESSAGE);
    expect(identityErrorMessage('toString')).toBe(UNEXPECTED_ERROR_MESSAGE);
    expect(UNEXPECTED_ERROR_MESSAGE).toBe('An unexpected error occurred. Please try again.');
  });

  it('formats backend failures with the status', () => {
    expect(backendFailure.login(502)).toBe('Backend login failed: 502');
    expect(backendFailure.registration(500)).toBe('Backend registration failed: 500');
    expect(backendFailure.resetRequest(429)).toBe('Password reset request failed: 429');
    expect(backendFailure.resetConfirm(400)).toBe('Password reset confirmation failed: 400');
  });
});

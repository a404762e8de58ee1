import { describe, expect, it } from 'vitest';
import { readEnv } from './env';

describe('build settings', () => {
  it('names a missing setting', () => {
    expect(() => readEnv({})).toThrow('Missing required setting: VITE_SUPPORT_EMAIL');
  });

  it('names a malformed setting', () => {
    expect(() => readEnv({ VITE_SUPPORT_EMAIL: 'not an email' })).toThrow('VITE_SUPPORT_EMAIL must be an email address');
  });

  it('reads a good one', () => {
    expect(readEnv({ VITE_SUPPORT_EMAIL: 'help@club.example' }).supportEmail).toBe('help@club.example');
  });
});

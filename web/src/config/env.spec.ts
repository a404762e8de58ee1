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

  it('picks the live publishable key for a production build and the test key otherwise', () => {
    const keys = { VITE_SUPPORT_EMAIL: 'help@club.example', VITE_STRIPE_PUBLISHABLE_KEY_LIVE: 'pk_live_1', VITE_STRIPE_PUBLISHABLE_KEY_TEST: 'pk_test_2' };
    expect(readEnv({ ...keys, MODE: 'production' })).toMatchObject({
      stripePublishableKey: 'pk_live_1',
      stripePublishableKeys: { live: 'pk_live_1', test: 'pk_test_2' },
    });
    expect(readEnv({ ...keys, MODE: 'development' }).stripePublishableKey).toBe('pk_test_2');
    expect(readEnv({ VITE_SUPPORT_EMAIL: 'help@club.example', MODE: 'production' }).stripePublishableKey).toBeNull();
    expect(() => readEnv({ ...keys, VITE_STRIPE_PUBLISHABLE_KEY_LIVE: 'pk_test_1' })).toThrow(
      'VITE_STRIPE_PUBLISHABLE_KEY_LIVE must be a Stripe publishable key (pk_live_…)',
    );
  });
});

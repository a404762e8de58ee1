import { describe, expect, it } from 'vitest';
import { USERNAME_PATTERN } from '../signup-profile';
import { deriveSignupProfile } from './keycloak-signup-profile';

const username = (account: Parameters<typeof deriveSignupProfile>[0]) => deriveSignupProfile(account)?.username;

describe('the profile a Keycloak sign-up finished in another browser registers with', () => {
  it('takes first and last name, accents kept, on Free Trial', () => {
    expect(deriveSignupProfile({ email: 'zoe@club.example', firstName: 'Zoë', lastName: 'Müller-Ångström' })).toEqual({
      username: 'Zoë Müller-Ångström',
      plan: 'Free Trial',
    });
    expect(username({ email: 'x@club.example', firstName: ' José ', lastName: '' })).toBe('José');
  });

  it('composes decomposed accents so the rule accepts them', () => {
    expect(username({ email: 'r@club.example', firstName: 'Rene\u0301', lastName: 'Noe\u0308l' })).toBe('René Noël');
  });

  it('falls back to the email local part without its +tag when no name was given', () => {
    expect(username({ email: 'jane.doe+club@club.example' })).toBe('jane.doe');
    expect(username({ email: 'jane.doe+club@club.example', firstName: '  ', lastName: '' })).toBe('jane.doe');
  });

  it('pads a one-character local part', () => {
    expect(username({ email: 'j@club.example' })).toBe('Coach j');
    expect(username({ email: 'j@club.example', firstName: 'J' })).toBe('Coach j');
  });

  it('replaces characters the rule refuses and never starts with a sign', () => {
    expect(username({ email: 'a@club.example', firstName: '<b>Sam</b>', lastName: "O'Neil 🎉" })).toBe("b Sam b O'Neil");
    expect(username({ email: '_-.x!y#z@club.example' })).toBe('x y z');
    expect(username({ email: '!!@club.example', firstName: '🎉' })).toBe('Coach');
  });

  it('cuts long names to 50 characters', () => {
    const derived = username({ email: 'l@club.example', firstName: 'Maximilian'.repeat(4), lastName: 'Ångström'.repeat(3) })!;
    expect(derived).toHaveLength(50);
    expect(derived.startsWith('MaximilianMaximilian')).toBe(true);
  });

  it('always answers a username that registration accepts', () => {
    for (const account of [
      { email: 'é@x' },
      { email: '' },
      { email: '..@x', firstName: '--', lastName: '\u200b' },
      { email: 'ab@x', firstName: 'a'.repeat(49), lastName: 'b' },
    ]) {
      const derived = username(account)!;
      expect(derived.length).toBeGreaterThanOrEqual(2);
      expect(derived.length).toBeLessThanOrEqual(50);
      expect(derived).toMatch(USERNAME_PATTERN);
    }
  });
});

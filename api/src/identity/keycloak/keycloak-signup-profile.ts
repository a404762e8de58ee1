import { parseSignupProfile, type SignupProfile } from '../signup-profile';

/** What Keycloak's registration page collects (realm: the email is the username). */
export interface KeycloakAccount {
  email?: string;
  firstName?: string;
  lastName?: string;
}

/** The plan a self sign-up starts on: the plan chosen on /signup stays in the browser that chose it. */
const SELF_SIGNUP_PLAN = 'Free Trial';
const MAX_LENGTH = 50;

/**
 * The profile a Keycloak account registers with when its sign-up is finished in another browser than the one
 * holding `pendingRegistration`: the name the coach gave Keycloak ("First Last"), or else the email's local
 * part without its "+tag", made to fit the username rule. Characters the rule refuses become spaces; a name
 * that is still too short falls back to the email, then to "Coach …".
 */
export function deriveSignupProfile(account: KeycloakAccount): SignupProfile | null {
  const fullName = [account.firstName, account.lastName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  const localPart = (account.email ?? '').replace(/@[^@]*$/, '').replace(/\+.*$/, '');
  const username = [fullName, localPart].map(fitUsername).find((name) => name.length >= 2) ?? fitUsername(`Coach ${fitUsername(localPart || fullName)}`);
  return parseSignupProfile(username, SELF_SIGNUP_PLAN);
}

/** Letters, digits, space and . _ ' - only, starting with a letter or digit, spaces collapsed, at most 50. */
function fitUsername(raw: string): string {
  const cleaned = raw
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} ._'-]+/gu, ' ')
    .replace(/^[^\p{L}\p{N}]+/u, '')
    .replace(/\s+/g, ' ')
    .trim();
  let fitted = '';
  for (const char of cleaned) {
    if (fitted.length + char.length > MAX_LENGTH) break;
    fitted += char;
  }
  return fitted.trimEnd();
}

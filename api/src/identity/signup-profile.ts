import { SIGNUP_PLANS, type SignupPlan } from '@touchline/shared';

/** What /signup collects besides the email: kept at the provider so any browser can finish registration. */
export interface SignupProfile {
  username: string;
  plan: SignupPlan;
}

/** The usernames POST /api/auth/register accepts (2 to 50 characters). */
export const USERNAME_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} ._'-]*$/u;

/** A profile from untrusted input, or null when either part would be refused by registration. */
export function parseSignupProfile(username: unknown, plan: unknown): SignupProfile | null {
  if (typeof username !== 'string' || typeof plan !== 'string') return null;
  const name = username.trim();
  if (name.length < 2 || name.length > 50 || !USERNAME_PATTERN.test(name)) return null;
  return (SIGNUP_PLANS as readonly string[]).includes(plan) ? { username: name, plan: plan as SignupPlan } : null;
}

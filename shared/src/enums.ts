/**
 * Enumerations of the product spec (§3). The values are the words people see, so the API stores and
 * returns them as they are and the web app shows them without a translation table.
 */

export const PLANS = ['Free Trial', 'Coach', 'Coach Plus', 'Elite', 'Pro', 'Goalkeeping Plus', 'Add-on'] as const;
export type Plan = (typeof PLANS)[number];

/** The plans a coach can sign up for and that the pricing page offers. "Add-on" is a label, not a plan of its own. */
export const SIGNUP_PLANS = ['Free Trial', 'Coach', 'Coach Plus', 'Elite', 'Pro', 'Goalkeeping Plus'] as const satisfies readonly Plan[];
export type SignupPlan = (typeof SIGNUP_PLANS)[number];

export const ELITE_ROLES = ['Elite Coach', 'Elite Admin'] as const;
export type EliteRole = (typeof ELITE_ROLES)[number];

export const COACHING_STYLES = ['Hands-off', 'Balanced'] as const;
export type CoachingStyle = (typeof COACHING_STYLES)[number];

export const MEDIA_TYPES = ['audio', 'video'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export const PROCESSING_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type ProcessingStatus = (typeof PROCESSING_STATUSES)[number];

export const SKILL_LEVELS = ['beginner', 'intermediate', 'advanced', 'expert'] as const;
export type SkillLevel = (typeof SKILL_LEVELS)[number];

export const SKILL_CATEGORIES = ['technical', 'tactical', 'communication', 'management', 'engagement'] as const;
export type SkillCategory = (typeof SKILL_CATEGORIES)[number];

export function isPlan(value: unknown): value is Plan {
  return typeof value === 'string' && (PLANS as readonly string[]).includes(value);
}

export function isEliteRole(value: unknown): value is EliteRole {
  return typeof value === 'string' && (ELITE_ROLES as readonly string[]).includes(value);
}

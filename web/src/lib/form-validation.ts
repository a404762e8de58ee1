import { FORM_MESSAGES, IDENTITY_ERROR_MESSAGES, PASSWORD_MIN_LENGTH } from '@touchline/shared';

/** A field's message, or null when the value is fine. Forms check with these and the browser's own checks stay off. */
export type Check = (value: string) => string | null;

// One @, something on each side, a dot in the domain, no spaces: what the API's check accepts, roughly, and
// every address a coach would type. The API still decides.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const USERNAME = /^[\p{L}\p{N}][\p{L}\p{N} ._'-]*$/u;

/** The longest address and username the forms take: their fields stop there and the checks refuse longer ones. */
export const EMAIL_MAX_LENGTH = 320;
export const USERNAME_MAX_LENGTH = 50;

export const checkEmail: Check = (value) => {
  const email = value.trim();
  if (!email) return FORM_MESSAGES.emailRequired;
  return EMAIL.test(email) && email.length <= EMAIL_MAX_LENGTH ? null : IDENTITY_ERROR_MESSAGES['invalid-email'];
};

export const checkUsername: Check = (value) => {
  const name = value.trim();
  if (name.length < 2 || name.length > USERNAME_MAX_LENGTH) return FORM_MESSAGES.usernameLength;
  return USERNAME.test(name) ? null : FORM_MESSAGES.usernameCharacters;
};

export const checkNewPassword: Check = (value) => (value.length < PASSWORD_MIN_LENGTH ? IDENTITY_ERROR_MESSAGES['weak-password'] : null);

export const checkResetCode: Check = (value) => (/^\d{6}$/.test(value.trim()) ? null : FORM_MESSAGES.resetCode);

/** Runs each field's check; the result has an entry only for fields with a problem, in the form's order. */
export function validate<K extends string>(checks: Record<K, [Check, string]>): Partial<Record<K, string>> {
  const problems: Partial<Record<K, string>> = {};
  for (const key of Object.keys(checks) as K[]) {
    const [check, value] = checks[key];
    const problem = check(value);
    if (problem) problems[key] = problem;
  }
  return problems;
}

/** Moves focus to the first field with a problem, so keyboard and screen-reader users land on it. */
export function focusFirstProblem(form: HTMLFormElement, problems: Partial<Record<string, string>>): boolean {
  const first = Object.keys(problems)[0];
  if (!first) return false;
  const field = form.elements.namedItem(first);
  if (field instanceof HTMLElement) field.focus();
  return true;
}

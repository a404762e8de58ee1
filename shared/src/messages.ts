/**
 * The error catalogue of docs/product-spec.md §8. These texts are requirements: the identity provider's pages, the API
 * and the web app all show them verbatim, so they live here once.
 */

export const IDENTITY_ERROR_MESSAGES = {
  'user-not-found': 'No account found with this email address. Please check your email or create a new account.',
  'wrong-password': 'Incorrect password. Please try again.',
  'invalid-credential': 'Invalid email or password. Please check your credentials and try again.',
  'invalid-email': 'Invalid email address format.',
  'user-disabled': 'This account has been disabled. Please contact support.',
  'too-many-requests': 'Too many failed login attempts. Please try again later.',
  'network-request-failed': 'Network error. Please check your internet connection and try again.',
  'invalid-api-key': "The identity provider's authentication is not properly configured. Please contact support.",
  'email-already-in-use': 'An account with this email address already exists. Please use a different email or try logging in.',
  'weak-password': 'Password is too weak. Please use at least 6 characters.',
  'operation-not-allowed': 'Email/password accounts are not enabled. Please contact support.',
} as const;

export type IdentityErrorCode = keyof typeof IDENTITY_ERROR_MESSAGES;

export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred. Please try again.';

/** Maps an identity error code to the catalogue's text; anything unknown gets the "anything else" row. */
export function identityErrorMessage(code: string | null | undefined): string {
  if (code && Object.prototype.hasOwnProperty.call(IDENTITY_ERROR_MESSAGES, code)) {
    return IDENTITY_ERROR_MESSAGES[code as IdentityErrorCode];
  }
  return UNEXPECTED_ERROR_MESSAGE;
}

/** Messages used when the backend answers with an error but no readable message. */
export const backendFailure = {
  login: (status: number) => `Backend login failed: ${status}`,
  registration: (status: number) => `Backend registration failed: ${status}`,
  resetRequest: (status: number) => `Password reset request failed: ${status}`,
  resetConfirm: (status: number) => `Password reset confirmation failed: ${status}`,
} as const;

export const DEFAULT_MESSAGES = {
  login: 'Login failed',
  registration: 'Registration failed',
  passwordUpdate: 'Password update failed',
} as const;

export const AUTH_MESSAGES = {
  emailNotVerified: 'Email not verified',
  noPendingRegistration: 'No pending registration found',
  userNotAuthenticated: 'User not authenticated',
} as const;

/** Sign-up messages the spec's catalogue has no row for. */
export const SIGNUP_MESSAGES = {
  /** The mail server refused the address or could not be reached: nothing was created, or a link can be sent again. */
  verificationMailFailed: 'We could not send the verification email to this address. Please check the address, or try again later.',
} as const;

/** Sign-in messages the spec's catalogue has no row for. */
export const SIGN_IN_MESSAGES = {
  /** Said after the catalogue's "Too many failed login attempts…": how long this wait still lasts. */
  tryAgainIn: (seconds: number) => {
    if (seconds < 60) return `You can try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
    const minutes = Math.ceil(seconds / 60);
    return `You can try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  },
} as const;

/** A missing build or runtime setting stops start-up with an error that names the variable. */
export function missingSettingMessage(variable: string): string {
  return `Missing required setting: ${variable}`;
}

/** What a form says about a field before anything is sent; email and password use the catalogue's rows above. */
export const FORM_MESSAGES = {
  emailRequired: 'Please enter your email address.',
  usernameLength: 'Please choose a username of 2 to 50 characters.',
  usernameCharacters: "A username may contain letters, digits, spaces and . _ ' - and starts with a letter or digit.",
  resetCode: 'Please enter the 6-digit code from the email.',
  sessionTitle: 'Please give the session a title.',
  sessionFile: 'Please choose a recording to upload.',
} as const;

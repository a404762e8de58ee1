import { HttpException, HttpStatus } from '@nestjs/common';
import {
  AUTH_MESSAGES,
  COMPARE_MESSAGES,
  formatBytes,
  GOAL_MESSAGES,
  HELP_MESSAGES,
  IDENTITY_ERROR_MESSAGES,
  PLAN_MESSAGES,
  REVIEW_MESSAGES,
  SESSION_MESSAGES,
  TEAM_MESSAGES,
  type BillingInterval,
  type Capability,
  type Plan,
} from '@touchline/shared';

/** Every error the API raises on purpose: a stable code for logs and tests, a status, and a message a person reads. */
export class AppError extends HttpException {
  constructor(
    readonly code: string,
    status: HttpStatus,
    message: string,
  ) {
    super({ statusCode: status, message }, status);
  }
}

export const Errors = {
  authenticationRequired: () => new AppError('AUTHENTICATION_REQUIRED', HttpStatus.UNAUTHORIZED, 'Authentication required'),
  invalidToken: () => new AppError('INVALID_TOKEN', HttpStatus.UNAUTHORIZED, 'Invalid or expired access token'),
  /** A part the server needs (its database) failed for a moment: the caller may try again, and clients do. */
  temporarilyUnavailable: () =>
    new AppError('TEMPORARILY_UNAVAILABLE', HttpStatus.SERVICE_UNAVAILABLE, 'The server cannot answer just now. Please try again in a moment.'),
  identityUnavailable: () =>
    new AppError('IDENTITY_UNAVAILABLE', HttpStatus.SERVICE_UNAVAILABLE, 'The identity provider cannot be reached. Please try again later.'),
  identityMismatch: () => new AppError('IDENTITY_MISMATCH', HttpStatus.FORBIDDEN, 'The identityId does not match the signed-in account'),
  emailMismatch: () => new AppError('EMAIL_MISMATCH', HttpStatus.FORBIDDEN, 'The email does not match the signed-in account'),
  emailNotVerified: () => new AppError('EMAIL_NOT_VERIFIED', HttpStatus.FORBIDDEN, AUTH_MESSAGES.emailNotVerified),
  userNotFound: () => new AppError('USER_NOT_FOUND', HttpStatus.NOT_FOUND, 'User not found'),
  userExists: () => new AppError('USER_EXISTS', HttpStatus.CONFLICT, IDENTITY_ERROR_MESSAGES['email-already-in-use']),
  weakPassword: () => new AppError('WEAK_PASSWORD', HttpStatus.BAD_REQUEST, IDENTITY_ERROR_MESSAGES['weak-password']),
  invalidResetCode: () =>
    new AppError('INVALID_RESET_CODE', HttpStatus.BAD_REQUEST, 'The reset code is wrong or has expired. Please check it or request a new one.'),
  tooManyRequests: () => new AppError('TOO_MANY_REQUESTS', HttpStatus.TOO_MANY_REQUESTS, 'Too many requests. Please try again later.'),
  malformedJson: () => new AppError('MALFORMED_JSON', HttpStatus.BAD_REQUEST, 'Malformed JSON in request body'),
  bodyTooDeep: (levels: number) => new AppError('BODY_TOO_DEEP', HttpStatus.BAD_REQUEST, `Request body is nested more than ${levels} levels deep`),
  nulInQuery: (name: string) => new AppError('NUL_IN_QUERY', HttpStatus.BAD_REQUEST, `${name} must not contain NUL characters`),
  nulInBody: () => new AppError('NUL_IN_BODY', HttpStatus.BAD_REQUEST, 'Text in the request body must not contain NUL characters'),
  bodyTooLarge: (limit: string) => new AppError('BODY_TOO_LARGE', HttpStatus.PAYLOAD_TOO_LARGE, `Request body is larger than the limit of ${limit}`),
  sessionNotFound: () => new AppError('SESSION_NOT_FOUND', HttpStatus.NOT_FOUND, SESSION_MESSAGES.notFound),
  uploadNotFound: () => new AppError('UPLOAD_NOT_FOUND', HttpStatus.NOT_FOUND, SESSION_MESSAGES.uploadNotFound),
  unsupportedMediaType: () => new AppError('UNSUPPORTED_MEDIA_TYPE', HttpStatus.UNSUPPORTED_MEDIA_TYPE, SESSION_MESSAGES.unsupportedType),
  uploadTooLarge: (limitBytes: number) => new AppError('UPLOAD_TOO_LARGE', HttpStatus.PAYLOAD_TOO_LARGE, SESSION_MESSAGES.tooLarge(formatBytes(limitBytes))),
  uploadSizeMismatch: () => new AppError('UPLOAD_SIZE_MISMATCH', HttpStatus.BAD_REQUEST, SESSION_MESSAGES.sizeMismatch),
  alreadyUploaded: () => new AppError('ALREADY_UPLOADED', HttpStatus.CONFLICT, SESSION_MESSAGES.alreadyUploaded),
  notUploaded: () => new AppError('NOT_UPLOADED', HttpStatus.CONFLICT, SESSION_MESSAGES.notUploaded),
  reportNotReady: () => new AppError('REPORT_NOT_READY', HttpStatus.CONFLICT, SESSION_MESSAGES.reportNotReady),
  retryNotFailed: () => new AppError('RETRY_NOT_FAILED', HttpStatus.CONFLICT, SESSION_MESSAGES.retryNotFailed),
  retryPermanent: () => new AppError('RETRY_PERMANENT', HttpStatus.CONFLICT, SESSION_MESSAGES.retryPermanent),
  goalNotFound: () => new AppError('GOAL_NOT_FOUND', HttpStatus.NOT_FOUND, GOAL_MESSAGES.notFound),
  tooManyGoals: () => new AppError('TOO_MANY_GOALS', HttpStatus.CONFLICT, GOAL_MESSAGES.tooMany),
  notComparable: () => new AppError('NOT_COMPARABLE', HttpStatus.CONFLICT, COMPARE_MESSAGES.notCompleted),
  reviewUnavailable: () => new AppError('REVIEW_UNAVAILABLE', HttpStatus.NOT_FOUND, REVIEW_MESSAGES.unavailable),
  reviewPasswordRequired: () => new AppError('REVIEW_PASSWORD_REQUIRED', HttpStatus.UNAUTHORIZED, REVIEW_MESSAGES.passwordRequired),
  reviewWrongPassword: () => new AppError('REVIEW_WRONG_PASSWORD', HttpStatus.UNAUTHORIZED, REVIEW_MESSAGES.wrongPassword),
  tooManyReviewLinks: () => new AppError('TOO_MANY_REVIEW_LINKS', HttpStatus.CONFLICT, REVIEW_MESSAGES.tooManyLinks),
  reviewLinkNotFound: () => new AppError('REVIEW_LINK_NOT_FOUND', HttpStatus.NOT_FOUND, REVIEW_MESSAGES.linkNotFound),
  reviewCommentNotFound: () => new AppError('REVIEW_COMMENT_NOT_FOUND', HttpStatus.NOT_FOUND, REVIEW_MESSAGES.commentNotFound),
  reviewParentNotFound: () => new AppError('REVIEW_PARENT_NOT_FOUND', HttpStatus.BAD_REQUEST, REVIEW_MESSAGES.parentNotFound),
  reviewCommentTime: () => new AppError('REVIEW_COMMENT_TIME', HttpStatus.BAD_REQUEST, REVIEW_MESSAGES.commentTime),
  reviewMediaNotShared: () => new AppError('REVIEW_MEDIA_NOT_SHARED', HttpStatus.FORBIDDEN, REVIEW_MESSAGES.mediaNotShared),
  tooManyReviewComments: () => new AppError('TOO_MANY_REVIEW_COMMENTS', HttpStatus.TOO_MANY_REQUESTS, REVIEW_MESSAGES.tooManyComments),
  demoUnavailable: () =>
    new AppError('DEMO_UNAVAILABLE', HttpStatus.SERVICE_UNAVAILABLE, 'The demo is not available on this server at the moment. Please try again later.'),
  unsupportedBody: () => new AppError('UNSUPPORTED_BODY', HttpStatus.UNSUPPORTED_MEDIA_TYPE, 'Request body must be JSON in UTF-8'),
  contactUnavailable: () => new AppError('CONTACT_UNAVAILABLE', HttpStatus.SERVICE_UNAVAILABLE, HELP_MESSAGES.contactUnavailable),
  planRequired: (capability: Capability, plans: readonly Plan[]) =>
    new AppError('PLAN_REQUIRED', HttpStatus.FORBIDDEN, PLAN_MESSAGES.capabilityRequired(capability, plans)),
  trialEnded: (endedOn: string) => new AppError('TRIAL_ENDED', HttpStatus.FORBIDDEN, PLAN_MESSAGES.trialEnded(endedOn)),
  uploadMinutesUsed: (limit: number, plan: Plan, opensOn: string) =>
    new AppError('UPLOAD_MINUTES_USED', HttpStatus.FORBIDDEN, PLAN_MESSAGES.uploadMinutesUsed(limit, plan, opensOn)),
  notAdmin: () => new AppError('NOT_ADMIN', HttpStatus.FORBIDDEN, PLAN_MESSAGES.notAdmin),
  planUserNotFound: () => new AppError('PLAN_USER_NOT_FOUND', HttpStatus.NOT_FOUND, PLAN_MESSAGES.userNotFound),
  noPlanRequest: () => new AppError('NO_PLAN_REQUEST', HttpStatus.NOT_FOUND, PLAN_MESSAGES.noPlanRequest),
  managedByClub: () => new AppError('MANAGED_BY_CLUB', HttpStatus.CONFLICT, PLAN_MESSAGES.managedByClub),
  noPrice: (plan: string, interval: BillingInterval) => new AppError('NO_PRICE', HttpStatus.BAD_REQUEST, PLAN_MESSAGES.noPrice(plan, interval)),
  noBillingAccount: () => new AppError('NO_BILLING_ACCOUNT', HttpStatus.CONFLICT, PLAN_MESSAGES.noBillingAccount),
  badSignature: () => new AppError('BAD_SIGNATURE', HttpStatus.BAD_REQUEST, PLAN_MESSAGES.badSignature),
  billingUnavailable: () => new AppError('BILLING_UNAVAILABLE', HttpStatus.BAD_GATEWAY, PLAN_MESSAGES.billingUnavailable),
  teamNotFound: () => new AppError('TEAM_NOT_FOUND', HttpStatus.NOT_FOUND, TEAM_MESSAGES.notFound),
  teamMemberNotFound: () => new AppError('TEAM_MEMBER_NOT_FOUND', HttpStatus.NOT_FOUND, TEAM_MESSAGES.memberNotFound),
  invitationNotFound: () => new AppError('INVITATION_NOT_FOUND', HttpStatus.NOT_FOUND, TEAM_MESSAGES.invitationNotFound),
  invitationUnknown: () => new AppError('INVITATION_UNKNOWN', HttpStatus.NOT_FOUND, TEAM_MESSAGES.invitationUnknown),
  invitationExpired: () => new AppError('INVITATION_EXPIRED', HttpStatus.GONE, TEAM_MESSAGES.invitationExpired),
  invitationRevoked: () => new AppError('INVITATION_REVOKED', HttpStatus.GONE, TEAM_MESSAGES.invitationRevoked),
  invitationUsed: () => new AppError('INVITATION_USED', HttpStatus.GONE, TEAM_MESSAGES.invitationUsed),
  invitationWrongAccount: (invited: string, signedIn: string) =>
    new AppError('INVITATION_WRONG_ACCOUNT', HttpStatus.FORBIDDEN, TEAM_MESSAGES.wrongAccount(invited, signedIn)),
  invitationNotOpen: () => new AppError('INVITATION_NOT_OPEN', HttpStatus.CONFLICT, TEAM_MESSAGES.notOpen),
  seatsFull: (seats: number) => new AppError('SEATS_FULL', HttpStatus.CONFLICT, TEAM_MESSAGES.seatsFull(seats)),
  alreadyMember: () => new AppError('ALREADY_MEMBER', HttpStatus.CONFLICT, TEAM_MESSAGES.alreadyMember),
  alreadyInvited: () => new AppError('ALREADY_INVITED', HttpStatus.CONFLICT, TEAM_MESSAGES.alreadyInvited),
  inOtherTeam: () => new AppError('IN_OTHER_TEAM', HttpStatus.CONFLICT, TEAM_MESSAGES.inOtherTeam),
  lastAdmin: () => new AppError('LAST_ADMIN', HttpStatus.CONFLICT, TEAM_MESSAGES.lastAdmin),
  lastAdminPlan: () => new AppError('LAST_ADMIN_PLAN', HttpStatus.CONFLICT, TEAM_MESSAGES.lastAdminPlan),
  tooManyInvitations: () => new AppError('TOO_MANY_INVITATIONS', HttpStatus.TOO_MANY_REQUESTS, TEAM_MESSAGES.tooManyInvitations),
  tooManyInvitationLookups: () => new AppError('TOO_MANY_INVITATION_LOOKUPS', HttpStatus.TOO_MANY_REQUESTS, TEAM_MESSAGES.tooManyLookups),
  tooManyStreams: () => new AppError('TOO_MANY_STREAMS', HttpStatus.TOO_MANY_REQUESTS, SESSION_MESSAGES.tooManyStreams),
  liveUpdatesUnavailable: () =>
    new AppError('LIVE_UPDATES_UNAVAILABLE', HttpStatus.SERVICE_UNAVAILABLE, 'Live updates are unavailable at the moment. Please try again later.'),
} as const;

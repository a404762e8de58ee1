import type { CategoryScores, SessionQuery, SessionReportDto } from './analysis';
import type { CoachingStyle, EliteRole } from './enums';
import type { CoachingSessionDto } from './sessions';
import type { SquadDto } from './user';

/**
 * Elite teams: an Elite subscription owns a team with a seat count; its admins invite coaches by email, manage
 * them and see their sessions. Every `/api/team…` route is for signed-in members of a team: the API answers 404
 * to anyone who is not a member (another team's coach, a removed coach, a user without a team) and to a plain
 * Elite Coach on the admin routes, so a route never tells an outsider that a team, member or session exists.
 */

/** Where each team route lives; `:userId`, `:id` and `:token` are path parameters. */
export const TEAM_PATHS = {
  /** GET: the caller's team (any member). PUT {@link RenameTeamBody}: rename it (admin). */
  team: '/api/team',
  /** GET: members with role, joined date, sessions and latest scores (admin). */
  members: '/api/team/members',
  /** PUT {@link ChangeRoleBody}: change a member's role (admin). */
  memberRole: (userId: string) => `/api/team/members/${userId}/role`,
  /** DELETE: remove a member; the membership ends, the coach keeps the account and own sessions (admin). */
  member: (userId: string) => `/api/team/members/${userId}`,
  /** GET: the team's pending and expired invitations, newest first. POST {@link CreateInvitationBody}: invite by email (admin). */
  invitations: '/api/team/invitations',
  /** POST: send a pending or expired invitation again with a new token and expiry; the old link stops working (admin). */
  resendInvitation: (id: string) => `/api/team/invitations/${id}/resend`,
  /** DELETE: revoke a pending or expired invitation; the link stops working and it leaves the list (admin). */
  invitation: (id: string) => `/api/team/invitations/${id}`,
  /** GET with {@link TeamSessionQuery}: every member's sessions, one page (admin). */
  sessions: '/api/team/sessions',
  /** GET: the report of a member's session, read-only (admin). */
  sessionReport: (sessionId: string) => `/api/team/sessions/${sessionId}/report`,
  /** GET: a short-lived URL of a member's recording, for the read-only report's player (admin). */
  sessionMedia: (sessionId: string) => `/api/team/sessions/${sessionId}/media`,
  /** GET: team totals, per-coach comparison and trends (admin). */
  overview: '/api/team/overview',
  /** GET: the team's shared squad (any member). PUT {@link SquadDto}: replace it (admin). */
  squad: '/api/team/squad',
  /** GET, no sign-in, throttled: what the invitation page shows about a token. */
  publicInvitation: (token: string) => `/api/invitations/${token}`,
  /** POST, signed in as the invited address: accept and join the team. */
  acceptInvitation: (token: string) => `/api/invitations/${token}/accept`,
} as const;

/**
 * The team's squad: first names every member's analyses listen for, beside the coach's own squad. Its admins
 * keep it; `editable` says whether the caller is one of them.
 */
export interface TeamSquadDto extends SquadDto {
  editable: boolean;
}

/** The web page an invitation email links to: `/invite?token=…`. */
export const INVITE_PAGE = { path: '/invite', tokenParam: 'token' } as const;

/** 32 random bytes, base64url: 43 characters. */
export const INVITATION_TOKEN_PATTERN = '^[A-Za-z0-9_-]{43}$';

export const INVITATION_STATES = ['pending', 'accepted', 'expired', 'revoked'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

export const TEAM_LIMITS = {
  /** Days an invitation lasts unless the installation sets INVITATION_EXPIRY_DAYS. */
  defaultInvitationExpiryDays: 7,
  teamNameMaxLength: 80,
  /** Invitations (new or resent) one team may send per hour. */
  invitationsPerTeamPerHour: 30,
  /** Invitations (new or resent) one address may receive per hour, from any team. */
  invitationsPerAddressPerHour: 3,
} as const;

/**
 * A team name: no control characters, and at least one character that is not white space (the API trims the
 * name; the class lists what JavaScript's trim removes, so the document and the check agree on every value).
 * Used with the `u` flag, so that its length counts characters, not UTF-16 units.
 */
export const TEAM_NAME_PATTERN =
  '^[^\\u0000-\\u001f]*[^\\u0000-\\u0020\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff][^\\u0000-\\u001f]*$';

/** `GET /api/team`: the caller's team, for any member. */
export interface TeamDto {
  id: string;
  name: string;
  /** Coaches the team may hold, the admins included (the plan catalogue's `teamSeats`). */
  seats: number;
  /** Active members plus pending invitations; never above `seats`. */
  seatsUsed: number;
  /** The caller's role in the team. */
  role: EliteRole;
  createdAt: string;
}

/** `PUT /api/team`. */
export interface RenameTeamBody {
  name: string;
}

/** A member as Coach Management lists them. */
export interface TeamMemberDto {
  userId: string;
  username: string;
  email: string;
  role: EliteRole;
  joinedAt: string;
  /** All the member's sessions, whatever their status. */
  sessions: number;
  /** Scores of the member's most recent analysed session; null before one. */
  latest: { sessionId: string; date: string; scores: CategoryScores } | null;
}

/** `PUT /api/team/members/:userId/role`. */
export interface ChangeRoleBody {
  role: EliteRole;
}

/** An invitation as the team's admins see it; the token itself is only in the email. */
export interface TeamInvitationDto {
  id: string;
  email: string;
  role: EliteRole;
  state: InvitationState;
  invitedBy: string;
  /** When it was last sent (created or resent). */
  sentAt: string;
  expiresAt: string;
  createdAt: string;
}

/** `POST /api/team/invitations`. */
export interface CreateInvitationBody {
  email: string;
  role: EliteRole;
}

/**
 * `GET /api/invitations/:token`, no sign-in. The token comes from the email, so its holder learns the invited
 * address (the page prefills sign-up with it); an unknown token is a 404 with no detail. Only a pending invitation
 * shows the address and the role.
 */
export interface PublicInvitationDto {
  state: InvitationState;
  teamName: string;
  inviterName: string;
  /** Set while pending; null otherwise. */
  email: string | null;
  role: EliteRole | null;
  expiresAt: string;
}

/** `POST /api/invitations/:token/accept`: the caller's team after joining; the app then refreshes the user. */
export type AcceptedInvitationDto = TeamDto;

/** `GET /api/team/sessions`: the sessions dashboard's filters, plus one coach. */
export interface TeamSessionQuery extends SessionQuery {
  coachId?: string;
}

/** One row of Team Sessions. */
export interface TeamSessionDto {
  session: CoachingSessionDto;
  coach: { userId: string; username: string };
  /** Set once the session is analysed. */
  coachingStyle: CoachingStyle | null;
  scores: CategoryScores | null;
}

export interface TeamSessionPageDto {
  items: TeamSessionDto[];
  total: number;
  page: number;
  pageSize: number;
}

/** `GET /api/team/sessions/:id/report`: the session's report as its coach sees it, read-only, with whose it is. */
export interface TeamSessionReportDto {
  coach: { userId: string; username: string };
  report: SessionReportDto;
}

/** Per coach of the Team Overview: means over the coach's analysed sessions (null without any). */
export interface TeamCoachFiguresDto {
  userId: string;
  username: string;
  role: EliteRole;
  sessions: number;
  completed: number;
  talkRatio: number | null;
  questioningShare: number | null;
  scores: CategoryScores;
  lastSessionAt: string | null;
}

/** `GET /api/team/overview`. */
export interface TeamOverviewDto {
  team: TeamDto;
  totals: { members: number; pendingInvitations: number; sessions: number; completed: number; inProgress: number; failed: number };
  /** Means over every analysed session of the team. */
  averages: { talkRatio: number | null; questioningShare: number | null; scores: CategoryScores };
  coaches: TeamCoachFiguresDto[];
  /** Team means per ISO week (Monday, YYYY-MM-DD), oldest first, over the last TEAM_OVERVIEW.trendWeeks weeks with sessions. */
  trend: { week: string; sessions: number; talkRatio: number | null; questioningShare: number | null; scores: CategoryScores }[];
}

export const TEAM_OVERVIEW = { trendWeeks: 12 } as const;

export const TEAM_MESSAGES = {
  /** Any team route the caller may not use, and any member, invitation or session not of the caller's team. */
  notFound: 'Team not found',
  memberNotFound: 'Team member not found',
  invitationNotFound: 'Invitation not found',
  sessionNotFound: 'Session not found',
  teamName: `Please give the team a name of 1 to ${TEAM_LIMITS.teamNameMaxLength} characters.`,
  email: 'Please enter a valid email address.',
  role: 'role must be Elite Coach or Elite Admin',
  seatsFull: (seats: number) => `All ${seats} seats of your team are taken. Remove a coach or revoke an invitation first.`,
  alreadyMember: 'This coach is already a member of your team.',
  alreadyInvited: 'This address already has a pending invitation. Resend it instead.',
  inOtherTeam: 'This account already belongs to another team. Ask that team’s admin to remove it first.',
  lastAdmin: 'A team needs at least one Elite Admin. Make another member an admin first.',
  lastAdminPlan: 'This coach is the last Elite Admin of a team with other members, so their plan cannot leave Elite. Make another member an Elite Admin first.',
  notOpen: 'This invitation has already been accepted or revoked. Send a new one instead.',
  tooManyInvitations: 'Too many invitations sent in a short time. Please wait an hour and try again.',
  /** The invitation page, per state. */
  invitationUnknown: 'This invitation link is not valid. Check that you copied the whole link, or ask your team admin to send a new one.',
  invitationExpired: 'This invitation has expired. Ask your team admin to resend it.',
  invitationRevoked: 'This invitation has been withdrawn. Ask your team admin to resend it if you still want to join.',
  invitationUsed: 'This invitation has already been used. Sign in to open your team, or ask your team admin to resend it.',
  wrongAccount: (invited: string, signedIn: string) =>
    `This invitation is for ${invited}, but you are signed in as ${signedIn}. Sign out and sign in or sign up with ${invited} to accept it.`,
  tooManyLookups: 'Too many attempts. Please wait a few minutes and try again.',
  accepted: (teamName: string) => `You have joined ${teamName}.`,
  invitationEmailSubject: (teamName: string) => `You are invited to join ${teamName} on Touchline`,
  /** What a coach is told (by email, and on their next visit) when a team admin changes their membership. */
  removedNotice: (teamName: string, plan: string) =>
    `You are no longer a member of ${teamName}. Your plan is now ${plan}; your sessions and reports are kept and are yours alone again.`,
  roleNotice: (teamName: string, role: string) =>
    role === 'Elite Admin'
      ? `You are now an Elite Admin of ${teamName}: you manage its coaches and follow their sessions.`
      : `You are now an Elite Coach of ${teamName}: its admins follow your sessions, and you no longer manage the team.`,
  membershipEmailSubject: (teamName: string) => `Your membership of ${teamName} on Touchline has changed`,
} as const;

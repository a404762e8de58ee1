import { ApiProperty } from '@nestjs/swagger';
import {
  COACHING_STYLES,
  ELITE_ROLES,
  INVITATION_STATES,
  type CategoryScores,
  type CoachingStyle,
  type EliteRole,
  type InvitationState,
  type PublicInvitationDto,
  type TeamCoachFiguresDto,
  type TeamDto,
  type TeamInvitationDto,
  type TeamMemberDto,
  type TeamOverviewDto,
  type TeamSessionDto,
  type TeamSessionPageDto,
  type TeamSessionReportDto,
} from '@touchline/shared';
import { SessionReportResponse } from '../../analysis';
import { SessionResponse } from '../../sessions';

const score = { type: Number, nullable: true, minimum: 0, maximum: 100 };
const share = { type: Number, nullable: true, minimum: 0, maximum: 1 };
const count = { type: 'integer', minimum: 0 } as const;

export class TeamResponse implements TeamDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ ...count, description: 'Coaches the team may hold, the admins included' }) seats: number;
  @ApiProperty({ ...count, description: 'Active members plus pending invitations' }) seatsUsed: number;
  @ApiProperty({ enum: ELITE_ROLES, description: 'The caller’s role' }) role: EliteRole;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class TeamScores implements CategoryScores {
  @ApiProperty(score) technical: number | null;
  @ApiProperty(score) tactical: number | null;
  @ApiProperty(score) communication: number | null;
  @ApiProperty(score) management: number | null;
  @ApiProperty(score) engagement: number | null;
}

class LatestScores {
  @ApiProperty({ format: 'uuid' }) sessionId: string;
  @ApiProperty({ format: 'date-time' }) date: string;
  @ApiProperty({ type: TeamScores }) scores: TeamScores;
}

export class TeamMemberResponse implements TeamMemberDto {
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty() username: string;
  @ApiProperty({ format: 'email' }) email: string;
  @ApiProperty({ enum: ELITE_ROLES }) role: EliteRole;
  @ApiProperty({ format: 'date-time' }) joinedAt: string;
  @ApiProperty(count) sessions: number;
  @ApiProperty({ type: LatestScores, nullable: true, description: 'Scores of the most recent analysed session' }) latest: LatestScores | null;
}

export class TeamInvitationResponse implements TeamInvitationDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'email' }) email: string;
  @ApiProperty({ enum: ELITE_ROLES }) role: EliteRole;
  @ApiProperty({ enum: INVITATION_STATES }) state: InvitationState;
  @ApiProperty() invitedBy: string;
  @ApiProperty({ format: 'date-time' }) sentAt: string;
  @ApiProperty({ format: 'date-time' }) expiresAt: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class PublicInvitationResponse implements PublicInvitationDto {
  @ApiProperty({ enum: INVITATION_STATES }) state: InvitationState;
  @ApiProperty() teamName: string;
  @ApiProperty() inviterName: string;
  @ApiProperty({ type: String, format: 'email', nullable: true, description: 'Set while pending' }) email: string | null;
  @ApiProperty({ enum: ELITE_ROLES, type: String, nullable: true, description: 'Set while pending' }) role: EliteRole | null;
  @ApiProperty({ format: 'date-time' }) expiresAt: string;
}

class TeamCoach {
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty() username: string;
}

export class TeamSessionResponse implements TeamSessionDto {
  @ApiProperty({ type: SessionResponse }) session: SessionResponse;
  @ApiProperty({ type: TeamCoach }) coach: TeamCoach;
  @ApiProperty({ enum: COACHING_STYLES, type: String, nullable: true }) coachingStyle: CoachingStyle | null;
  @ApiProperty({ type: TeamScores, nullable: true }) scores: TeamScores | null;
}

export class TeamSessionPageResponse implements TeamSessionPageDto {
  @ApiProperty({ type: [TeamSessionResponse] }) items: TeamSessionResponse[];
  @ApiProperty(count) total: number;
  @ApiProperty({ type: 'integer', minimum: 1 }) page: number;
  @ApiProperty({ type: 'integer', minimum: 1 }) pageSize: number;
}

export class TeamSessionReportResponse implements TeamSessionReportDto {
  @ApiProperty({ type: TeamCoach }) coach: TeamCoach;
  @ApiProperty({ type: SessionReportResponse }) report: SessionReportResponse;
}

class TeamCoachFigures implements TeamCoachFiguresDto {
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty() username: string;
  @ApiProperty({ enum: ELITE_ROLES }) role: EliteRole;
  @ApiProperty(count) sessions: number;
  @ApiProperty(count) completed: number;
  @ApiProperty(share) talkRatio: number | null;
  @ApiProperty(share) questioningShare: number | null;
  @ApiProperty({ type: TeamScores }) scores: TeamScores;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) lastSessionAt: string | null;
}

class TeamTotals {
  @ApiProperty(count) members: number;
  @ApiProperty(count) pendingInvitations: number;
  @ApiProperty(count) sessions: number;
  @ApiProperty(count) completed: number;
  @ApiProperty(count) inProgress: number;
  @ApiProperty(count) failed: number;
}

class TeamAverages {
  @ApiProperty(share) talkRatio: number | null;
  @ApiProperty(share) questioningShare: number | null;
  @ApiProperty({ type: TeamScores }) scores: TeamScores;
}

class TeamWeek {
  @ApiProperty({ format: 'date', description: 'The Monday of the week' }) week: string;
  @ApiProperty({ type: 'integer', minimum: 1 }) sessions: number;
  @ApiProperty(share) talkRatio: number | null;
  @ApiProperty(share) questioningShare: number | null;
  @ApiProperty({ type: TeamScores }) scores: TeamScores;
}

export class TeamOverviewResponse implements TeamOverviewDto {
  @ApiProperty({ type: TeamResponse }) team: TeamResponse;
  @ApiProperty({ type: TeamTotals }) totals: TeamTotals;
  @ApiProperty({ type: TeamAverages, description: 'Means over every analysed session of the team' }) averages: TeamAverages;
  @ApiProperty({ type: [TeamCoachFigures] }) coaches: TeamCoachFigures[];
  @ApiProperty({ type: [TeamWeek], description: 'Team means per week, oldest first' }) trend: TeamWeek[];
}

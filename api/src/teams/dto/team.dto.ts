import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ELITE_ROLES,
  TEAM_LIMITS,
  TEAM_MESSAGES,
  type ChangeRoleBody,
  type CreateInvitationBody,
  type EliteRole,
  type RenameTeamBody,
  type TeamSessionQuery,
} from '@touchline/shared';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsOptional, IsString, IsUUID, Length, Matches, MaxLength } from 'class-validator';
import { ListSessionsQuery } from '../../sessions/dto/list-sessions.query';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** `PUT /api/team`. */
export class RenameTeamDto implements RenameTeamBody {
  @ApiProperty({ minLength: 1, maxLength: TEAM_LIMITS.teamNameMaxLength })
  @Transform(trim)
  @IsString({ message: TEAM_MESSAGES.teamName })
  @Length(1, TEAM_LIMITS.teamNameMaxLength, { message: TEAM_MESSAGES.teamName })
  @Matches(/^[^\u0000-\u001f]*$/, { message: TEAM_MESSAGES.teamName })
  name: string;
}

/** `PUT /api/team/members/:userId/role`. */
export class ChangeRoleDto implements ChangeRoleBody {
  @ApiProperty({ enum: ELITE_ROLES })
  @IsIn(ELITE_ROLES, { message: TEAM_MESSAGES.role })
  role: EliteRole;
}

/** `POST /api/team/invitations`. */
export class CreateInvitationDto implements CreateInvitationBody {
  @ApiProperty({ format: 'email', maxLength: 320 })
  @Transform(trim)
  @IsString({ message: TEAM_MESSAGES.email })
  @MaxLength(320, { message: TEAM_MESSAGES.email })
  @IsEmail({}, { message: TEAM_MESSAGES.email })
  email: string;

  @ApiProperty({ enum: ELITE_ROLES })
  @IsIn(ELITE_ROLES, { message: TEAM_MESSAGES.role })
  role: EliteRole;
}

/** The query of `GET /api/team/sessions`: the sessions dashboard's filters and page, and optionally one coach. */
export class TeamSessionsQuery extends ListSessionsQuery implements TeamSessionQuery {
  @ApiPropertyOptional({ format: 'uuid', description: 'Only this member’s sessions' })
  @IsOptional()
  @IsUUID('all', { message: 'coachId must be the id of a team member' })
  coachId?: string;
}

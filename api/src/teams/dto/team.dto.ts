import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import {
  ELITE_ROLES,
  TEAM_LIMITS,
  TEAM_MESSAGES,
  TEAM_NAME_PATTERN,
  type ChangeRoleBody as SharedChangeRoleBody,
  type CreateInvitationBody as SharedCreateInvitationBody,
  type EliteRole,
  type RenameTeamBody as SharedRenameTeamBody,
  type TeamSessionQuery,
} from '@touchline/shared';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { ListSessionsQuery } from '../../sessions';

// The name is checked after trimming; `u` makes {1,80} count characters as the document's maxLength does.
const NAME_TEXT = new RegExp(`^[^\\u0000-\\u001f]{1,${TEAM_LIMITS.teamNameMaxLength}}$`, 'u');
const NAME = new RegExp(TEAM_NAME_PATTERN, 'u');

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** `PUT /api/team`. */
@ApiSchema({ name: 'RenameTeamDto' })
export class RenameTeamBody implements SharedRenameTeamBody {
  @ApiProperty({ minLength: 1, maxLength: TEAM_LIMITS.teamNameMaxLength, pattern: TEAM_NAME_PATTERN })
  @Transform(trim)
  @IsString({ message: TEAM_MESSAGES.teamName })
  @Matches(NAME_TEXT, { message: TEAM_MESSAGES.teamName })
  @Matches(NAME, { message: TEAM_MESSAGES.teamName })
  name: string;
}

/** `PUT /api/team/members/:userId/role`. */
@ApiSchema({ name: 'ChangeRoleDto' })
export class ChangeRoleBody implements SharedChangeRoleBody {
  @ApiProperty({ enum: ELITE_ROLES })
  @IsIn(ELITE_ROLES, { message: TEAM_MESSAGES.role })
  role: EliteRole;
}

/** `POST /api/team/invitations`. */
@ApiSchema({ name: 'CreateInvitationDto' })
export class CreateInvitationBody implements SharedCreateInvitationBody {
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

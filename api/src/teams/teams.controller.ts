import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import type { TeamDto, TeamInvitationDto, TeamMemberDto, TeamOverviewDto, TeamSessionPageDto, TeamSessionReportDto, TeamSquadDto } from '@touchline/shared';
import { RegisteredUserGuard } from '../auth';
import { ApiErrors, BODY_ERRORS, SIGNED_IN_ERRORS, Errors, uuidParam } from '../common';
import { MediaUrlResponse, sessionIdParam } from '../sessions';
import { SquadBody, TeamSquadResponse, SquadService } from '../squad';
import { ChangeRoleBody, CreateInvitationBody, RenameTeamBody, TeamSessionsQuery } from './dto/team.dto';
import {
  TeamInvitationResponse,
  TeamMemberResponse,
  TeamOverviewResponse,
  TeamResponse,
  TeamSessionPageResponse,
  TeamSessionReportResponse,
} from './dto/team.response';
import { InvitationsService } from './invitations.service';
import { CurrentTeam, OpenToTeamMembers, TeamRoleGuard } from './team-role.guard';
import { TeamsService, type TeamAccess } from './teams.service';

const userId = uuidParam(Errors.teamMemberNotFound);
const invitationId = uuidParam(Errors.invitationNotFound);

/**
 * The caller's Elite team, for its Elite Admins (`TeamRoleGuard`); `GET /api/team` and `GET /api/team/squad` are open
 * to every member. Anyone else gets 404, so the routes reveal nothing about other teams.
 */
@ApiTags('team')
@ApiBearerAuth()
@ApiErrors(...SIGNED_IN_ERRORS)
@UseGuards(RegisteredUserGuard, TeamRoleGuard)
@Controller('team')
export class TeamsController {
  constructor(
    private readonly teams: TeamsService,
    private readonly invitations: InvitationsService,
    private readonly squads: SquadService,
  ) {}

  @Get()
  @OpenToTeamMembers()
  @ApiOkResponse({ type: TeamResponse })
  team(@CurrentTeam() access: TeamAccess): Promise<TeamDto> {
    return this.teams.team(access);
  }

  @Put()
  @ApiOkResponse({ type: TeamResponse })
  @ApiErrors(...BODY_ERRORS)
  rename(@CurrentTeam() access: TeamAccess, @Body() body: RenameTeamBody): Promise<TeamDto> {
    return this.teams.rename(access, body.name);
  }

  @Get('members')
  @ApiOkResponse({ type: [TeamMemberResponse] })
  members(@CurrentTeam() access: TeamAccess): Promise<TeamMemberDto[]> {
    return this.teams.members(access);
  }

  @Put('members/:userId/role')
  @ApiParam({ name: 'userId', format: 'uuid' })
  @ApiOkResponse({ type: TeamMemberResponse })
  @ApiErrors(...BODY_ERRORS, 409)
  changeRole(@CurrentTeam() access: TeamAccess, @Param('userId', userId) memberId: string, @Body() body: ChangeRoleBody): Promise<TeamMemberDto> {
    return this.teams.changeRole(access, memberId, body.role);
  }

  @Delete('members/:userId')
  @HttpCode(204)
  @ApiParam({ name: 'userId', format: 'uuid' })
  @ApiNoContentResponse({ description: 'The membership has ended; the coach keeps the account and sessions' })
  @ApiErrors(409)
  remove(@CurrentTeam() access: TeamAccess, @Param('userId', userId) memberId: string): Promise<void> {
    return this.teams.remove(access, memberId);
  }

  @Get('invitations')
  @ApiOkResponse({ type: [TeamInvitationResponse] })
  listInvitations(@CurrentTeam() access: TeamAccess): Promise<TeamInvitationDto[]> {
    return this.invitations.list(access);
  }

  @Post('invitations')
  @ApiCreatedResponse({ type: TeamInvitationResponse })
  @ApiErrors(...BODY_ERRORS, 409, 429)
  invite(@CurrentTeam() access: TeamAccess, @Body() body: CreateInvitationBody): Promise<TeamInvitationDto> {
    return this.invitations.invite(access, body.email, body.role);
  }

  @Post('invitations/:id/resend')
  @HttpCode(200)
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: TeamInvitationResponse })
  @ApiErrors(409, 429)
  resend(@CurrentTeam() access: TeamAccess, @Param('id', invitationId) id: string): Promise<TeamInvitationDto> {
    return this.invitations.resend(access, id);
  }

  @Delete('invitations/:id')
  @HttpCode(204)
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiNoContentResponse({ description: 'The invitation is revoked' })
  @ApiErrors(409)
  revoke(@CurrentTeam() access: TeamAccess, @Param('id', invitationId) id: string): Promise<void> {
    return this.invitations.revoke(access, id);
  }

  @Get('sessions')
  @ApiOkResponse({ type: TeamSessionPageResponse })
  @ApiErrors(400)
  sessions(@CurrentTeam() access: TeamAccess, @Query() query: TeamSessionsQuery): Promise<TeamSessionPageDto> {
    return this.teams.sessions(access, query);
  }

  @Get('sessions/:id/report')
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: TeamSessionReportResponse })
  @ApiErrors(409)
  report(@CurrentTeam() access: TeamAccess, @Param('id', sessionIdParam) id: string): Promise<TeamSessionReportDto> {
    return this.teams.sessionReport(access, id);
  }

  /** A short-lived URL of a member's recording (HTTP Range requests served), for the read-only report's player. */
  @Get('sessions/:id/media')
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: MediaUrlResponse })
  @ApiErrors(409)
  media(@CurrentTeam() access: TeamAccess, @Param('id', sessionIdParam) id: string): Promise<{ url: string; expiresAt: string }> {
    return this.teams.sessionMedia(access, id);
  }

  @Get('overview')
  @ApiOkResponse({ type: TeamOverviewResponse })
  overview(@CurrentTeam() access: TeamAccess): Promise<TeamOverviewDto> {
    return this.teams.overview(access);
  }

  /** The team's shared squad, for every member to see. */
  @Get('squad')
  @OpenToTeamMembers()
  @ApiOkResponse({ type: TeamSquadResponse })
  squad(@CurrentTeam() access: TeamAccess): Promise<TeamSquadDto> {
    return this.squads.team(access.membership);
  }

  @Put('squad')
  @ApiOkResponse({ type: TeamSquadResponse })
  @ApiErrors(...BODY_ERRORS)
  replaceSquad(@CurrentTeam() access: TeamAccess, @Body() body: SquadBody): Promise<TeamSquadDto> {
    return this.squads.replaceTeam(access.membership, body.names);
  }
}

import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import type { TeamDto, TeamInvitationDto, TeamMemberDto, TeamOverviewDto, TeamSessionPageDto, TeamSessionReportDto, TeamSquadDto } from '@touchline/shared';
import { CurrentUser, RegisteredUserGuard } from '../auth';
import { ApiErrors, BODY_ERRORS, SIGNED_IN_ERRORS, Errors, uuidParam } from '../common';
import { MediaUrlResponse, sessionIdParam } from '../sessions';
import { SquadBody, TeamSquadResponse, SquadService } from '../squad';
import type { UserEntity } from '../users';
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
import { TeamsService } from './teams.service';

const userId = uuidParam(Errors.teamMemberNotFound);
const invitationId = uuidParam(Errors.invitationNotFound);

/**
 * The caller's Elite team. Every route checks membership (and, but for `GET /api/team` and `GET /api/team/squad`, the Elite Admin role) on the
 * server; anyone else gets 404, so the routes reveal nothing about other teams.
 */
@ApiTags('team')
@ApiBearerAuth()
@ApiErrors(...SIGNED_IN_ERRORS)
@UseGuards(RegisteredUserGuard)
@Controller('team')
export class TeamsController {
  constructor(
    private readonly teams: TeamsService,
    private readonly invitations: InvitationsService,
    private readonly squads: SquadService,
  ) {}

  @Get()
  @ApiOkResponse({ type: TeamResponse })
  async team(@CurrentUser() user: UserEntity): Promise<TeamDto> {
    return this.teams.team(await this.teams.access(user));
  }

  @Put()
  @ApiOkResponse({ type: TeamResponse })
  @ApiErrors(...BODY_ERRORS)
  async rename(@CurrentUser() user: UserEntity, @Body() body: RenameTeamBody): Promise<TeamDto> {
    return this.teams.rename(await this.teams.adminAccess(user), body.name);
  }

  @Get('members')
  @ApiOkResponse({ type: [TeamMemberResponse] })
  async members(@CurrentUser() user: UserEntity): Promise<TeamMemberDto[]> {
    return this.teams.members(await this.teams.adminAccess(user));
  }

  @Put('members/:userId/role')
  @ApiParam({ name: 'userId', format: 'uuid' })
  @ApiOkResponse({ type: TeamMemberResponse })
  @ApiErrors(...BODY_ERRORS, 409)
  async changeRole(@CurrentUser() user: UserEntity, @Param('userId', userId) memberId: string, @Body() body: ChangeRoleBody): Promise<TeamMemberDto> {
    return this.teams.changeRole(await this.teams.adminAccess(user), memberId, body.role);
  }

  @Delete('members/:userId')
  @HttpCode(204)
  @ApiParam({ name: 'userId', format: 'uuid' })
  @ApiNoContentResponse({ description: 'The membership has ended; the coach keeps the account and sessions' })
  @ApiErrors(409)
  async remove(@CurrentUser() user: UserEntity, @Param('userId', userId) memberId: string): Promise<void> {
    return this.teams.remove(await this.teams.adminAccess(user), memberId);
  }

  @Get('invitations')
  @ApiOkResponse({ type: [TeamInvitationResponse] })
  async listInvitations(@CurrentUser() user: UserEntity): Promise<TeamInvitationDto[]> {
    return this.invitations.list(await this.teams.adminAccess(user));
  }

  @Post('invitations')
  @ApiCreatedResponse({ type: TeamInvitationResponse })
  @ApiErrors(...BODY_ERRORS, 409, 429)
  async invite(@CurrentUser() user: UserEntity, @Body() body: CreateInvitationBody): Promise<TeamInvitationDto> {
    return this.invitations.invite(await this.teams.adminAccess(user), body.email, body.role);
  }

  @Post('invitations/:id/resend')
  @HttpCode(200)
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: TeamInvitationResponse })
  @ApiErrors(409, 429)
  async resend(@CurrentUser() user: UserEntity, @Param('id', invitationId) id: string): Promise<TeamInvitationDto> {
    return this.invitations.resend(await this.teams.adminAccess(user), id);
  }

  @Delete('invitations/:id')
  @HttpCode(204)
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiNoContentResponse({ description: 'The invitation is revoked' })
  @ApiErrors(409)
  async revoke(@CurrentUser() user: UserEntity, @Param('id', invitationId) id: string): Promise<void> {
    return this.invitations.revoke(await this.teams.adminAccess(user), id);
  }

  @Get('sessions')
  @ApiOkResponse({ type: TeamSessionPageResponse })
  @ApiErrors(400)
  async sessions(@CurrentUser() user: UserEntity, @Query() query: TeamSessionsQuery): Promise<TeamSessionPageDto> {
    return this.teams.sessions(await this.teams.adminAccess(user), query);
  }

  @Get('sessions/:id/report')
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: TeamSessionReportResponse })
  @ApiErrors(409)
  async report(@CurrentUser() user: UserEntity, @Param('id', sessionIdParam) id: string): Promise<TeamSessionReportDto> {
    return this.teams.sessionReport(await this.teams.adminAccess(user), id);
  }

  /** A short-lived URL of a member's recording (HTTP Range requests served), for the read-only report's player. */
  @Get('sessions/:id/media')
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: MediaUrlResponse })
  @ApiErrors(409)
  async media(@CurrentUser() user: UserEntity, @Param('id', sessionIdParam) id: string): Promise<{ url: string; expiresAt: string }> {
    return this.teams.sessionMedia(await this.teams.adminAccess(user), id);
  }

  @Get('overview')
  @ApiOkResponse({ type: TeamOverviewResponse })
  async overview(@CurrentUser() user: UserEntity): Promise<TeamOverviewDto> {
    return this.teams.overview(await this.teams.adminAccess(user));
  }

  /** The team's shared squad, for every member to see. */
  @Get('squad')
  @ApiOkResponse({ type: TeamSquadResponse })
  async squad(@CurrentUser() user: UserEntity): Promise<TeamSquadDto> {
    return this.squads.team((await this.teams.access(user)).membership);
  }

  @Put('squad')
  @ApiOkResponse({ type: TeamSquadResponse })
  @ApiErrors(...BODY_ERRORS)
  async replaceSquad(@CurrentUser() user: UserEntity, @Body() body: SquadBody): Promise<TeamSquadDto> {
    return this.squads.replaceTeam((await this.teams.adminAccess(user)).membership, body.names);
  }
}

import { Controller, Get, HttpCode, Param, Post, UseGuards, type PipeTransform } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import { INVITATION_TOKEN_PATTERN, type PublicInvitationDto, type TeamDto } from '@touchline/shared';
import { CurrentUser, RegisteredUserGuard } from '../auth';
import { ApiErrors, SIGNED_IN_ERRORS, Errors, ClientAddress } from '../common';
import type { UserEntity } from '../users';
import { PublicInvitationResponse, TeamResponse } from './dto/team.response';
import { InvitationsService } from './invitations.service';

const tokenPattern = new RegExp(INVITATION_TOKEN_PATTERN);

/** A malformed token is an unknown one: the same 404, no hint. */
const token: PipeTransform<string, string> = {
  transform: (value) => {
    if (!tokenPattern.test(value)) throw Errors.invitationUnknown();
    return value;
  },
};

const tokenParam = {
  name: 'token',
  description: 'The invitation token (43 characters, base64url)',
  schema: { type: 'string', pattern: INVITATION_TOKEN_PATTERN },
};

/** The invitation link's routes: what the page shows (no sign-in), and accepting it (signed in as the invited address). */
@ApiTags('team')
@ApiParam(tokenParam)
@Controller('invitations/:token')
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @Get()
  @ApiOkResponse({ type: PublicInvitationResponse })
  @ApiErrors(404, 429)
  view(@Param('token', token) value: string, @ClientAddress() address: string): Promise<PublicInvitationDto> {
    return this.invitations.view(value, address);
  }

  @Post('accept')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(RegisteredUserGuard)
  @ApiOkResponse({ type: TeamResponse })
  @ApiErrors(...SIGNED_IN_ERRORS, 403, 409, 410, 429)
  accept(@CurrentUser() user: UserEntity, @Param('token', token) value: string, @ClientAddress() address: string): Promise<TeamDto> {
    return this.invitations.accept(user, value, address);
  }
}

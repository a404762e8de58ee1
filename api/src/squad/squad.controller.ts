import { Body, Controller, Get, Put, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { SquadDto } from '@touchline/shared';
import { CurrentUser, RegisteredUserGuard } from '../auth';
import { ApiErrors, BODY_ERRORS, SIGNED_IN_ERRORS } from '../common';
import type { UserEntity } from '../users';
import { SquadBody, SquadResponse } from './dto/squad.dto';
import { SquadService } from './squad.service';

/** The caller's own squad: the players' first names the analysis listens for. */
@ApiTags('squad')
@ApiBearerAuth()
@ApiErrors(...SIGNED_IN_ERRORS)
@UseGuards(RegisteredUserGuard)
@Controller('squad')
export class SquadController {
  constructor(private readonly squad: SquadService) {}

  @Get()
  @ApiOkResponse({ type: SquadResponse })
  get(@CurrentUser() user: UserEntity): SquadDto {
    return this.squad.of(user);
  }

  @Put()
  @ApiOkResponse({ type: SquadResponse })
  @ApiErrors(...BODY_ERRORS)
  replace(@CurrentUser() user: UserEntity, @Body() body: SquadBody): Promise<SquadDto> {
    return this.squad.replace(user, body.names);
  }
}

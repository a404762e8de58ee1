import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { OverviewDto } from '@touchline/shared';
import { OverviewResponse } from '../analysis';
import { CurrentUser, RegisteredUserGuard } from '../auth';
import { ApiErrors, SIGNED_IN_ERRORS } from '../common';
import type { UserEntity } from '../users';
import { OverviewService } from './overview.service';

@ApiTags('dashboard')
@ApiBearerAuth()
@ApiErrors(...SIGNED_IN_ERRORS)
@UseGuards(RegisteredUserGuard)
@Controller('dashboard')
export class OverviewController {
  constructor(private readonly overview: OverviewService) {}

  /** The caller's coaching at a glance: totals, latest sessions, averages and the trend of the scores. */
  @Get('overview')
  @ApiOkResponse({ type: OverviewResponse })
  get(@CurrentUser() user: UserEntity): Promise<OverviewDto> {
    return this.overview.of(user.id);
  }
}

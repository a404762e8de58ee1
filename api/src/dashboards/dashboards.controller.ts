import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import type { CompareDto, DevelopmentDto, GoalDto } from '@touchline/shared';
import { CurrentUser, RegisteredUserGuard } from '../auth';
import { ApiErrors, BODY_ERRORS, SIGNED_IN_ERRORS, Errors, uuidParam } from '../common';
import type { UserEntity } from '../users';
import { RequiresCapability } from '../plans';
import { DashboardsService } from './dashboards.service';
import { CompareQuery } from './dto/compare.query';
import { CompareResponse, DevelopmentResponse, GoalResponse } from './dto/dashboard.response';
import { GoalBody } from './dto/goal.dto';
import { GoalsService } from './goals.service';

const goalId = uuidParam(Errors.goalNotFound);

@ApiTags('dashboard')
@ApiBearerAuth()
@ApiErrors(...SIGNED_IN_ERRORS)
@UseGuards(RegisteredUserGuard)
@Controller('dashboard')
export class DashboardsController {
  constructor(
    private readonly dashboards: DashboardsService,
    private readonly goals: GoalsService,
  ) {}

  /** Two to four of the caller's analysed sessions side by side, best and worst marked per figure. */
  @Get('compare')
  @RequiresCapability('compare')
  @ApiOkResponse({ type: CompareResponse })
  @ApiErrors(400, 409)
  compare(@CurrentUser() user: UserEntity, @Query() query: CompareQuery): Promise<CompareDto> {
    return this.dashboards.compare(user, query.ids);
  }

  /** The caller's figures over time, levels reached, goals and suggestions. */
  @Get('development')
  @RequiresCapability('development')
  @ApiOkResponse({ type: DevelopmentResponse })
  development(@CurrentUser() user: UserEntity): Promise<DevelopmentDto> {
    return this.dashboards.development(user);
  }

  @Get('goals')
  @RequiresCapability('development')
  @ApiOkResponse({ type: [GoalResponse] })
  listGoals(@CurrentUser() user: UserEntity): Promise<GoalDto[]> {
    return this.goals.list(user);
  }

  @Post('goals')
  @RequiresCapability('development')
  @ApiCreatedResponse({ type: GoalResponse })
  @ApiErrors(...BODY_ERRORS, 409)
  createGoal(@CurrentUser() user: UserEntity, @Body() body: GoalBody): Promise<GoalDto> {
    return this.goals.create(user, body);
  }

  @Put('goals/:id')
  @RequiresCapability('development')
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: GoalResponse })
  @ApiErrors(...BODY_ERRORS)
  updateGoal(@CurrentUser() user: UserEntity, @Param('id', goalId) id: string, @Body() body: GoalBody): Promise<GoalDto> {
    return this.goals.update(user, id, body);
  }

  @Delete('goals/:id')
  @RequiresCapability('development')
  @HttpCode(204)
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiNoContentResponse({ description: 'The goal is gone' })
  removeGoal(@CurrentUser() user: UserEntity, @Param('id', goalId) id: string): Promise<void> {
    return this.goals.remove(user, id);
  }
}

import { Body, Controller, Get, Put, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { PlanCatalogueDto, SubscriptionDto } from '@touchline/shared';
import { CurrentUser, RegisteredUserGuard } from '../auth/registered-user.guard';
import { ApiErrors, BODY_ERRORS, SIGNED_IN_ERRORS } from '../common/api-docs';
import type { UserEntity } from '../users/user.entity';
import { AdminGuard } from './admin.guard';
import { AssignedPlanResponse, AssignPlanBody, PlanCatalogueResponse, SubscriptionResponse } from './dto/plans.dto';
import { PlansService } from './plans.service';

@ApiTags('plans')
@Controller()
export class PlansController {
  constructor(private readonly plans: PlansService) {}

  /** The plan catalogue: what each plan opens, with prices when billing is on. */
  @Get('plans')
  @ApiOkResponse({ type: PlanCatalogueResponse })
  catalogue(): PlanCatalogueDto {
    return this.plans.catalogue();
  }

  /** The caller's plan, what it opens and when a trial ends. */
  @Get('subscription')
  @ApiBearerAuth()
  @ApiErrors(...SIGNED_IN_ERRORS)
  @UseGuards(RegisteredUserGuard)
  @ApiOkResponse({ type: SubscriptionResponse })
  subscription(@CurrentUser() user: UserEntity): Promise<SubscriptionDto> {
    return this.plans.subscription(user);
  }

  /** An installation admin (ADMIN_EMAILS) gives a coach a plan. */
  @Put('admin/users/plan')
  @ApiTags('admin')
  @ApiBearerAuth()
  @ApiErrors(...SIGNED_IN_ERRORS, ...BODY_ERRORS, 403, 409)
  @UseGuards(RegisteredUserGuard, AdminGuard)
  @ApiOkResponse({ type: AssignedPlanResponse })
  assign(@Body() body: AssignPlanBody): Promise<AssignedPlanResponse> {
    return this.plans.assign(body.email, body.plan);
  }
}

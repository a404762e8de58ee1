import { Body, Controller, Get, HttpCode, Post, Put, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { PlanCatalogueDto, PlanRequestsDto, SubscriptionDto } from '@touchline/shared';
import { CurrentUser, RegisteredUserGuard } from '../auth';
import { ApiErrors, BODY_ERRORS, SIGNED_IN_ERRORS } from '../common';
import type { UserEntity } from '../users';
import { AdminGuard } from './admin.guard';
import {
  AssignedPlanResponse,
  AssignPlanBody,
  DeclinePlanRequestBody,
  PlanCatalogueResponse,
  PlanRequestsResponse,
  SubscriptionResponse,
} from './dto/plans.dto';
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

  /** An installation admin (ADMIN_EMAILS) lists the plans coaches asked for at sign-up (billing off). */
  @Get('admin/plan-requests')
  @ApiTags('admin')
  @ApiBearerAuth()
  @ApiErrors(...SIGNED_IN_ERRORS, 403)
  @UseGuards(RegisteredUserGuard, AdminGuard)
  @ApiOkResponse({ type: PlanRequestsResponse })
  planRequests(): Promise<PlanRequestsDto> {
    return this.plans.planRequests();
  }

  /** An installation admin declines a coach's sign-up plan request; granting is giving the plan (`PUT admin/users/plan`). */
  @Post('admin/plan-requests/decline')
  @HttpCode(200)
  @ApiTags('admin')
  @ApiBearerAuth()
  @ApiErrors(...SIGNED_IN_ERRORS, ...BODY_ERRORS, 403, 404)
  @UseGuards(RegisteredUserGuard, AdminGuard)
  @ApiOkResponse({ type: DeclinePlanRequestBody })
  declinePlanRequest(@Body() body: DeclinePlanRequestBody): Promise<{ email: string }> {
    return this.plans.declinePlanRequest(body.email);
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

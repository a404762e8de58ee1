import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  BILLING_INTERVALS,
  BILLING_PROVIDERS,
  CAPABILITIES,
  PAID_PLANS,
  PLANS,
  SIGNUP_PLANS,
  SUBSCRIPTION_STATUSES,
  type AssignPlanDto,
  type DeclinePlanRequestDto,
  type PlanRequestDto,
  type PlanRequestsDto,
  type BillingInterval,
  type BillingProvider,
  type BillingRedirectDto,
  type CheckoutRequestDto,
  type PaidPlan,
  type PaidSubscriptionDto,
  type PortalRequestDto,
  type SubscriptionStatus,
  type Capability,
  type Plan,
  type PlanCatalogueDto,
  type PlanDto,
  type PlanPriceDto,
  type SignupPlan,
  type SubscriptionDto,
} from '@touchline/shared';
import { IsBoolean, IsEmail, IsIn, IsOptional, MaxLength } from 'class-validator';

/** The body of `PUT /api/admin/users/plan`. */
export class AssignPlanBody implements AssignPlanDto {
  @ApiProperty({ format: 'email', maxLength: 320 })
  @MaxLength(320)
  @IsEmail({}, { message: 'email must be an email address' })
  email: string;

  @ApiProperty({ enum: SIGNUP_PLANS })
  @IsIn(SIGNUP_PLANS, { message: `plan must be one of: ${SIGNUP_PLANS.join(', ')}` })
  plan: SignupPlan;
}

/** The body of `POST /api/admin/plan-requests/decline`. */
export class DeclinePlanRequestBody implements DeclinePlanRequestDto {
  @ApiProperty({ format: 'email', maxLength: 320 })
  @MaxLength(320)
  @IsEmail({}, { message: 'email must be an email address' })
  email: string;
}

export class PlanRequestResponse implements PlanRequestDto {
  @ApiProperty() email: string;
  @ApiProperty() username: string;
  @ApiProperty({ enum: PLANS, description: 'The plan the coach is on meanwhile' }) plan: Plan;
  @ApiProperty({ enum: SIGNUP_PLANS }) requestedPlan: SignupPlan;
  @ApiProperty({ format: 'date-time' }) requestedAt: string;
}

export class PlanRequestsResponse implements PlanRequestsDto {
  @ApiProperty({ type: [PlanRequestResponse] }) requests: PlanRequestResponse[];
}

export class PlanPriceResponse implements PlanPriceDto {
  @ApiProperty({ enum: BILLING_INTERVALS }) interval: PlanPriceDto['interval'];
  @ApiProperty({ description: 'In cents' }) amount: number;
  @ApiProperty({ example: 'eur' }) currency: string;
}

export class PlanResponse implements PlanDto {
  @ApiProperty({ enum: PLANS }) name: Plan;
  @ApiProperty() summary: string;
  @ApiProperty({ type: [String] }) features: string[];
  @ApiProperty({ enum: CAPABILITIES, isArray: true }) opens: Capability[];
  @ApiProperty({ type: Number, nullable: true }) teamSeats: number | null;
  @ApiProperty({ type: Number, nullable: true }) monthlyUploadMinutes: number | null;
  @ApiProperty({ type: Number, nullable: true }) retentionDays: number | null;
  @ApiProperty({ type: Number, nullable: true }) trialDays: number | null;
  @ApiProperty() addOn: boolean;
  @ApiProperty({ type: [PlanPriceResponse] }) prices: PlanPriceDto[];
}

export class PlanCatalogueResponse implements PlanCatalogueDto {
  @ApiProperty({ enum: BILLING_PROVIDERS }) billing: BillingProvider;
  @ApiProperty({ type: [PlanResponse] }) plans: PlanDto[];
}

export class SubscriptionResponse implements SubscriptionDto {
  @ApiProperty({ enum: PLANS }) plan: Plan;
  @ApiProperty({ enum: CAPABILITIES, isArray: true }) opens: Capability[];
  @ApiProperty({ enum: BILLING_PROVIDERS }) billing: BillingProvider;
  @ApiProperty({ format: 'date-time' }) planStartedAt: string;
  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true }) trialEndsAt: string | null;
  @ApiProperty() trialEnded: boolean;
  @ApiPropertyOptional({ type: () => PaidSubscriptionResponse, nullable: true }) paid: PaidSubscriptionDto | null;
}

export class AssignedPlanResponse {
  @ApiProperty({ format: 'email' }) email: string;
  @ApiProperty({ enum: SIGNUP_PLANS }) plan: SignupPlan;
}

/** The body of `POST /api/billing/checkout`. */
export class CheckoutBody implements CheckoutRequestDto {
  @ApiProperty({ enum: PAID_PLANS })
  @IsIn(PAID_PLANS, { message: `plan must be one of: ${PAID_PLANS.join(', ')}` })
  plan: PaidPlan;

  @ApiProperty({ enum: BILLING_INTERVALS })
  @IsIn(BILLING_INTERVALS, { message: `interval must be one of: ${BILLING_INTERVALS.join(', ')}` })
  interval: BillingInterval;

  @ApiPropertyOptional({ description: 'Add the Add-on as a second item of the subscription' })
  @IsOptional()
  @IsBoolean({ message: 'addOn must be true or false' })
  addOn?: boolean;
}

/** The body of `POST /api/billing/portal`. */
export class PortalBody implements PortalRequestDto {
  @ApiPropertyOptional({ enum: ['cancel'], description: 'Open the portal straight on cancelling the subscription' })
  @IsOptional()
  @IsIn(['cancel'], { message: 'flow must be cancel' })
  flow?: 'cancel';
}

export class BillingRedirectResponse implements BillingRedirectDto {
  @ApiProperty({ format: 'uri' }) url: string;
}

export class PaidSubscriptionResponse implements PaidSubscriptionDto {
  @ApiProperty({ enum: SUBSCRIPTION_STATUSES }) status: SubscriptionStatus;
  @ApiPropertyOptional({ enum: BILLING_INTERVALS, nullable: true }) interval: BillingInterval | null;
  @ApiProperty() addOn: boolean;
  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true }) currentPeriodEnd: string | null;
  @ApiProperty() cancelAtPeriodEnd: boolean;
  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true }) trialEnd: string | null;
}

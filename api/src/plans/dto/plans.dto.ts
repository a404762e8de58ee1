import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  BILLING_INTERVALS,
  CAPABILITIES,
  PLANS,
  SIGNUP_PLANS,
  type AssignPlanDto,
  type Capability,
  type Plan,
  type PlanCatalogueDto,
  type PlanDto,
  type PlanPriceDto,
  type SignupPlan,
  type SubscriptionDto,
} from '@touchline/shared';
import { IsEmail, IsIn, MaxLength } from 'class-validator';

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
  @ApiProperty({ enum: ['none', 'stripe'] }) billing: 'none' | 'stripe';
  @ApiProperty({ type: [PlanResponse] }) plans: PlanDto[];
}

export class SubscriptionResponse implements SubscriptionDto {
  @ApiProperty({ enum: PLANS }) plan: Plan;
  @ApiProperty({ enum: CAPABILITIES, isArray: true }) opens: Capability[];
  @ApiProperty({ enum: ['none', 'stripe'] }) billing: 'none' | 'stripe';
  @ApiProperty({ format: 'date-time' }) planStartedAt: string;
  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true }) trialEndsAt: string | null;
  @ApiProperty() trialEnded: boolean;
}

export class AssignedPlanResponse {
  @ApiProperty({ format: 'email' }) email: string;
  @ApiProperty({ enum: SIGNUP_PLANS }) plan: SignupPlan;
}

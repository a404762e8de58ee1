import { Body, Controller, Headers, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiExcludeEndpoint, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { BillingRedirectDto } from '@touchline/shared';
import type { Request } from 'express';
import { CurrentUser, RegisteredUserGuard } from '../../auth';
import { ApiErrors, BODY_ERRORS, SIGNED_IN_ERRORS } from '../../common';
import type { UserEntity } from '../../users';
import { BillingRedirectResponse, CheckoutBody, PortalBody } from '../dto/plans.dto';
import { BILLING_PORT, BILLING_WEBHOOK_ROUTE, type BillingPort } from './billing.port';

@ApiTags('billing')
@Controller()
export class BillingController {
  constructor(@Inject(BILLING_PORT) private readonly billing: BillingPort) {}

  /** The payment provider's checkout page for subscribing to a plan or changing to another (409 when the club assigns plans). */
  @Post('billing/checkout')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiErrors(...SIGNED_IN_ERRORS, ...BODY_ERRORS, 409, 502)
  @UseGuards(RegisteredUserGuard)
  @ApiOkResponse({ type: BillingRedirectResponse })
  checkout(@CurrentUser() user: UserEntity, @Body() body: CheckoutBody): Promise<BillingRedirectDto> {
    return this.billing.checkout(user, body);
  }

  /** The payment provider's portal: cards, invoices, cancelling (409 without a subscription or when the club assigns plans). */
  @Post('billing/portal')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiErrors(...SIGNED_IN_ERRORS, ...BODY_ERRORS, 409, 502)
  @UseGuards(RegisteredUserGuard)
  @ApiOkResponse({ type: BillingRedirectResponse })
  portal(@CurrentUser() user: UserEntity, @Body() body: PortalBody): Promise<BillingRedirectDto> {
    return this.billing.portal(user, body);
  }

  /** Stripe's events; authenticated by their signature over the raw body, not by a user. */
  @Post(BILLING_WEBHOOK_ROUTE)
  @HttpCode(200)
  @ApiExcludeEndpoint()
  async webhook(@Req() req: Request, @Headers('stripe-signature') signature: string | undefined): Promise<{ received: true }> {
    await this.billing.webhook(Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0), signature);
    return { received: true };
  }
}

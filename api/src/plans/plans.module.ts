import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { AppConfig } from '../config';
import { UsersModule, UsersRepository } from '../users';
import { AdminGuard } from './admin.guard';
import { EntitlementsService } from './entitlements.service';
import { BillingController } from './billing/billing.controller';
import { BILLING_PORT, type BillingPort } from './billing/billing.port';
import { BillingRepository } from './billing/billing.repository';
import { NoneBilling } from './billing/none-billing';
import { loadPlanCatalogue, PLAN_CATALOGUE, type PlanCatalogue } from './plan-catalogue';
import { PlansController } from './plans.controller';
import { PlansRepository } from './plans.repository';
import { PlansService } from './plans.service';
import { CapabilityGuard } from './requires-capability';

/** The plan catalogue, what each plan opens (asked by every gated endpoint), plan assignment by admins, and billing. */
@Module({
  imports: [UsersModule, AuthModule],
  controllers: [PlansController, BillingController],
  providers: [
    { provide: PLAN_CATALOGUE, inject: [AppConfig], useFactory: (config: AppConfig) => loadPlanCatalogue(config.plansFile, config.billingProvider) },
    EntitlementsService,
    PlansRepository,
    PlansService,
    AdminGuard,
    CapabilityGuard,
    BillingRepository,
    {
      provide: BILLING_PORT,
      inject: [AppConfig, PLAN_CATALOGUE, BillingRepository, UsersRepository],
      // Stripe's library (about 15 MiB) is loaded only when the installation bills through it.
      useFactory: async (config: AppConfig, catalogue: PlanCatalogue, accounts: BillingRepository, users: UsersRepository): Promise<BillingPort> => {
        if (!config.stripe) return new NoneBilling();
        const { StripeBilling, stripeClient } = await import('./billing/stripe-billing.js');
        return new StripeBilling(stripeClient(config.stripe), config.stripe, catalogue, accounts, users, config.publicUrl);
      },
    },
  ],
  exports: [EntitlementsService, CapabilityGuard],
})
export class PlansModule {}

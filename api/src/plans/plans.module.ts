import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { AppConfig } from '../config/app-config';
import { UsersModule } from '../users/users.module';
import { AdminGuard } from './admin.guard';
import { EntitlementsService } from './entitlements.service';
import { loadPlanCatalogue, PLAN_CATALOGUE } from './plan-catalogue';
import { PlansController } from './plans.controller';
import { PlansRepository } from './plans.repository';
import { PlansService } from './plans.service';
import { CapabilityGuard } from './requires-capability';

/** The plan catalogue, what each plan opens (asked by every gated endpoint), and plan assignment by admins. */
@Module({
  imports: [UsersModule, AuthModule],
  controllers: [PlansController],
  providers: [
    { provide: PLAN_CATALOGUE, inject: [AppConfig], useFactory: (config: AppConfig) => loadPlanCatalogue(config.plansFile) },
    EntitlementsService,
    PlansRepository,
    PlansService,
    AdminGuard,
    CapabilityGuard,
  ],
  exports: [EntitlementsService, CapabilityGuard],
})
export class PlansModule {}

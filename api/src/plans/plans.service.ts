import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Plan, PlanCatalogueDto, PlanRequestsDto, SignupPlan, SubscriptionDto } from '@touchline/shared';
import { Errors } from '../common';
import { AppConfig } from '../config';
import { isLastTeamAdmin } from '../database';
import { type AssignedPlan, type UserEntity, UsersRepository } from '../users';
import { BillingRepository } from './billing/billing.repository';
import { EntitlementsService } from './entitlements.service';
import { mapPlan, PLAN_CATALOGUE, type PlanCatalogue } from './plan-catalogue';
import { PlansRepository } from './plans.repository';

@Injectable()
export class PlansService implements OnModuleInit {
  constructor(
    @Inject(PLAN_CATALOGUE) private readonly plans: PlanCatalogue,
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly repository: PlansRepository,
    private readonly users: UsersRepository,
    private readonly entitlements: EntitlementsService,
    private readonly billing: BillingRepository,
  ) {}

  /** The table follows the file at every start, so an edited catalogue takes effect with a restart. */
  async onModuleInit(): Promise<void> {
    await this.repository.seed(this.plans);
  }

  /** GET /api/plans: public, what Pricing shows. */
  catalogue(): PlanCatalogueDto {
    const billing = this.config.billingProvider !== 'none';
    return { billing: this.config.billingProvider, plans: this.plans.map((p) => mapPlan(p, billing)) };
  }

  /** GET /api/subscription: the caller's plan, what it opens, when a trial ends, and the paid subscription. */
  async subscription(user: UserEntity): Promise<SubscriptionDto> {
    const trialEndsAt = this.entitlements.trialEndsAt(user);
    const account = this.config.billingProvider === 'none' ? null : await this.billing.findByUser(user.id);
    return {
      plan: user.plan,
      opens: this.entitlements.plan(user.plan).opens,
      billing: this.config.billingProvider,
      planStartedAt: user.planStartedAt.toISOString(),
      trialEndsAt: trialEndsAt?.toISOString() ?? null,
      trialEnded: this.entitlements.trialEnded(user),
      paid:
        account?.status && account.subscriptionId
          ? {
              status: account.status,
              interval: account.interval,
              addOn: account.addOn,
              currentPeriodEnd: account.currentPeriodEnd?.toISOString() ?? null,
              cancelAtPeriodEnd: account.cancelAtPeriodEnd,
              trialEnd: account.trialEnd?.toISOString() ?? null,
            }
          : null,
    };
  }

  /** GET /api/admin/plan-requests (installation admins only): the plans coaches asked for at sign-up. */
  async planRequests(): Promise<PlanRequestsDto> {
    const rows = await this.users.planRequests();
    return { requests: rows.map((r) => ({ ...r, plan: r.plan as Plan, requestedAt: new Date(r.requestedAt).toISOString() })) };
  }

  /** POST /api/admin/plan-requests/decline (installation admins only). */
  async declinePlanRequest(email: string): Promise<{ email: string }> {
    if (!(await this.users.findByEmail(email))) throw Errors.planUserNotFound();
    if (!(await this.users.declinePlanRequest(email))) throw Errors.noPlanRequest();
    return { email };
  }

  /** PUT /api/admin/users/plan (installation admins only; the guard checks). Answers any sign-up request. */
  async assign(email: string, plan: SignupPlan): Promise<Pick<AssignedPlan, 'email' | 'plan'>> {
    let assigned: AssignedPlan | null;
    try {
      assigned = await this.users.assignPlan(email, plan);
    } catch (error) {
      if (isLastTeamAdmin(error)) throw Errors.lastAdminPlan();
      throw error;
    }
    if (!assigned) throw Errors.planUserNotFound();
    return { email: assigned.email, plan: assigned.plan };
  }
}

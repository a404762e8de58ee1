import { Inject, Injectable } from '@nestjs/common';
import type { Capability, Plan, UploadUsageDto } from '@touchline/shared';
import { Errors } from '../common';
import type { UserEntity } from '../users';
import { PLAN_CATALOGUE, type CataloguePlan, type PlanCatalogue } from './plan-catalogue';

const DAY_MS = 24 * 3600 * 1000;
const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * What the caller's plan opens, asked by every gated endpoint. The answers come from the plan catalogue alone,
 * so a club that edits the file changes what the API allows, and a refusal names the plans that would allow it.
 */
@Injectable()
export class EntitlementsService {
  private readonly byName: Map<Plan, CataloguePlan>;

  constructor(@Inject(PLAN_CATALOGUE) catalogue: PlanCatalogue) {
    this.byName = new Map(catalogue.map((p) => [p.name, p]));
  }

  plan(name: Plan): CataloguePlan {
    return this.byName.get(name)!;
  }

  can(user: Pick<UserEntity, 'plan'>, capability: Capability): boolean {
    return this.plan(user.plan).opens.includes(capability);
  }

  /** The plans a coach can choose that open a capability (the Add-on is bought beside a plan, so never named). */
  plansOpening(capability: Capability): Plan[] {
    return [...this.byName.values()].filter((p) => !p.addOn && p.opens.includes(capability)).map((p) => p.name);
  }

  /** 403 naming the plans that open the capability. */
  assert(user: Pick<UserEntity, 'plan'>, capability: Capability): void {
    if (!this.can(user, capability)) throw Errors.planRequired(capability, this.plansOpening(capability));
  }

  /** When the user's trial ends; null on a plan without trial days. */
  trialEndsAt(user: Pick<UserEntity, 'plan' | 'planStartedAt'>): Date | null {
    const days = this.plan(user.plan).trialDays;
    return days === undefined ? null : new Date(user.planStartedAt.getTime() + days * DAY_MS);
  }

  trialEnded(user: Pick<UserEntity, 'plan' | 'planStartedAt'>, now = new Date()): boolean {
    const end = this.trialEndsAt(user);
    return end !== null && end <= now;
  }

  /** New uploads stop when a trial has ended; everything uploaded before stays readable. */
  assertCanUpload(user: Pick<UserEntity, 'plan' | 'planStartedAt'>): void {
    const end = this.trialEndsAt(user);
    if (end && end <= new Date()) throw Errors.trialEnded(dateFormat.format(end));
  }

  /** The plan's monthly upload minutes against the seconds already recorded this month; null limit: none. */
  uploadUsage(user: Pick<UserEntity, 'plan'>, recordedSeconds: number, now = new Date()): UploadUsageDto {
    return {
      // Tenths, rounded down, as the limit counts: 2.9 minutes used is 2.9, and the limit is reached only when it is.
      usedMinutes: Math.floor(recordedSeconds / 6) / 10,
      limitMinutes: this.plan(user.plan).monthlyUploadMinutes ?? null,
      resetsAt: uploadMonth(now).next.toISOString(),
    };
  }

  /**
   * New uploads stop once the month's minutes are used. The recording that crosses the limit is kept and analysed
   * (a coach's session is never cut or refused halfway); the next one waits for the month to turn.
   */
  assertUploadMinutesLeft(user: Pick<UserEntity, 'plan'>, recordedSeconds: number, now = new Date()): void {
    const limit = this.plan(user.plan).monthlyUploadMinutes;
    if (limit === undefined || recordedSeconds < limit * 60) return;
    throw Errors.uploadMinutesUsed(limit, user.plan, dateFormat.format(uploadMonth(now).next));
  }
}

/** The calendar month (UTC) that upload minutes are counted in: its first moment and the next month's. */
export function uploadMonth(now: Date): { start: Date; next: Date } {
  return {
    start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
    next: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
  };
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { BillingInterval, SubscriptionStatus } from '@touchline/shared';
import type { DataSource } from 'typeorm';

export interface BillingAccount {
  userId: string;
  customerId: string;
  subscriptionId: string | null;
  subscriptionCreated: Date | null;
  status: SubscriptionStatus | null;
  interval: BillingInterval | null;
  addOn: boolean;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  trialEnd: Date | null;
}

export type SubscriptionRecord = Omit<BillingAccount, 'userId' | 'customerId'>;

const COLUMNS = `"user_id" AS "userId", "customer_id" AS "customerId", "subscription_id" AS "subscriptionId",
  "subscription_created" AS "subscriptionCreated", "status", "interval",
  "add_on" AS "addOn", "current_period_end" AS "currentPeriodEnd", "cancel_at_period_end" AS "cancelAtPeriodEnd", "trial_end" AS "trialEnd"`;

/** Owns `billing_accounts` (each coach's customer and subscription at the provider) and `billing_events`. */
@Injectable()
export class BillingRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async findByUser(userId: string): Promise<BillingAccount | null> {
    const rows: BillingAccount[] = await this.db.query(`SELECT ${COLUMNS} FROM "billing_accounts" WHERE "user_id" = $1`, [userId]);
    return rows[0] ?? null;
  }

  async findByCustomer(customerId: string): Promise<BillingAccount | null> {
    const rows: BillingAccount[] = await this.db.query(`SELECT ${COLUMNS} FROM "billing_accounts" WHERE "customer_id" = $1`, [customerId]);
    return rows[0] ?? null;
  }

  /** Links a coach to their customer at the provider; the first link wins, so two racing checkouts share one. */
  async link(userId: string, customerId: string): Promise<BillingAccount> {
    await this.db.query(`INSERT INTO "billing_accounts" ("user_id", "customer_id") VALUES ($1, $2) ON CONFLICT ("user_id") DO NOTHING`, [userId, customerId]);
    return (await this.findByUser(userId))!;
  }

  async saveSubscription(userId: string, s: SubscriptionRecord): Promise<void> {
    await this.db.query(
      `UPDATE "billing_accounts" SET "subscription_id" = $2, "subscription_created" = $3, "status" = $4, "interval" = $5, "add_on" = $6,
         "current_period_end" = $7, "cancel_at_period_end" = $8, "trial_end" = $9, "updated_at" = now() WHERE "user_id" = $1`,
      [userId, s.subscriptionId, s.subscriptionCreated, s.status, s.interval, s.addOn, s.currentPeriodEnd, s.cancelAtPeriodEnd, s.trialEnd],
    );
  }

  async seenEvent(id: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query(`SELECT 1 FROM "billing_events" WHERE "id" = $1`, [id]);
    return rows.length > 0;
  }

  async recordEvent(id: string, type: string): Promise<void> {
    await this.db.query(`INSERT INTO "billing_events" ("id", "type") VALUES ($1, $2) ON CONFLICT ("id") DO NOTHING`, [id, type]);
  }
}

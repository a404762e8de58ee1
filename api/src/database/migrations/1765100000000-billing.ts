import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Billing through a payment provider: each coach's customer and subscription there, as last confirmed by the
 * provider, and the ids of the webhook events already applied (the provider may deliver one event more than once).
 */
export class Billing1765100000000 implements MigrationInterface {
  name = 'Billing1765100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "billing_accounts" (
        "user_id" uuid PRIMARY KEY REFERENCES "users"("id") ON DELETE CASCADE,
        "customer_id" varchar(255) NOT NULL UNIQUE,
        "subscription_id" varchar(255) UNIQUE,
        "subscription_created" timestamptz,
        "status" varchar(32) CHECK ("status" IN ('active', 'trialing', 'past_due', 'canceled', 'unpaid')),
        "interval" varchar(8) CHECK ("interval" IN ('month', 'year')),
        "add_on" boolean NOT NULL DEFAULT false,
        "current_period_end" timestamptz,
        "cancel_at_period_end" boolean NOT NULL DEFAULT false,
        "trial_end" timestamptz,
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE "billing_events" (
        "id" varchar(255) PRIMARY KEY,
        "type" varchar(128) NOT NULL,
        "received_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "billing_events"`);
    await q.query(`DROP TABLE "billing_accounts"`);
  }
}

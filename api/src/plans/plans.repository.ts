import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { PlanCatalogue } from './plan-catalogue';

/** Owns the `plans` table: the catalogue as the file last said, for reports and other SQL to join. */
@Injectable()
export class PlansRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Writes every plan of the catalogue in one transaction; the file always lists every plan, so none is left stale. */
  async seed(catalogue: PlanCatalogue): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const [position, p] of catalogue.entries()) {
        await tx.query(
          `INSERT INTO "plans" ("name", "position", "summary", "features", "opens", "team_seats", "monthly_upload_minutes", "retention_days", "trial_days", "add_on", "prices")
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
           ON CONFLICT ("name") DO UPDATE SET "position" = EXCLUDED."position", "summary" = EXCLUDED."summary", "features" = EXCLUDED."features",
             "opens" = EXCLUDED."opens", "team_seats" = EXCLUDED."team_seats", "monthly_upload_minutes" = EXCLUDED."monthly_upload_minutes",
             "retention_days" = EXCLUDED."retention_days", "trial_days" = EXCLUDED."trial_days", "add_on" = EXCLUDED."add_on",
             "prices" = EXCLUDED."prices", "updated_at" = now()`,
          [
            p.name,
            position,
            p.summary,
            JSON.stringify(p.features),
            p.opens,
            p.teamSeats ?? null,
            p.monthlyUploadMinutes ?? null,
            p.retentionDays ?? null,
            p.trialDays ?? null,
            p.addOn,
            JSON.stringify(p.prices),
          ],
        );
      }
    });
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a federation's server (1,000 coaches, 100,000 analysed sessions) needs to keep its pages fast:
 *
 * - `ix_coaching_sessions_owner_list`, the sessions of an owner newest first with the columns the lists filter on
 *   (status, media type, title, file name), so a list's count, its page's ids, the counts per status and the
 *   dashboards' list of analysed sessions are read from the index alone rather than from one table page per
 *   session. It replaces `ix_coaching_sessions_owner_created`.
 * - `session_analyses.figures`, the figures the dashboards and a team's views read of each analysis (talk
 *   metrics, code shares, scores without their wording), kept by PostgreSQL beside the report (a stored generated
 *   column, as `code_counts`), so reading 4,000 sessions' figures no longer takes apart every report. Each
 *   category's score is also kept under the category's name, for sums over a team's sessions.
 */
export class FederationScale1766100000000 implements MigrationInterface {
  name = 'FederationScale1766100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX "ix_coaching_sessions_owner_list" ON "coaching_sessions" ("owner_id", "created_at" DESC, "id" DESC)
         INCLUDE ("processing_status", "media_type", "title", "original_file_name")`,
    );
    await q.query(`DROP INDEX "ix_coaching_sessions_owner_created"`);
    // The function it calls is named with its schema: a restore of pg_dump's output runs with an empty search_path,
    // and the stored column is computed again as the rows are copied in.
    await q.query(`
      CREATE FUNCTION "analysis_figures"(metrics jsonb, transcript jsonb, scores jsonb) RETURNS jsonb
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT jsonb_build_object(
          'durationSeconds', metrics->'durationSeconds',
          'talkRatio', metrics->'talkRatio',
          'interventionsPerMinute', metrics->'interventionsPerMinute',
          'meanInterventionSeconds', metrics->'meanInterventionSeconds',
          'longestInterventionSeconds', metrics->'longestInterventionSeconds',
          'longestSilenceSeconds', metrics->'longestSilenceSeconds',
          'questioningShare', round((c->>'questioning')::numeric / nullif((c->>'utterances')::numeric, 0), 4),
          'instructionShare', round((c->>'instruction')::numeric / nullif((c->>'utterances')::numeric, 0), 4),
          'praiseShare', round((c->>'praise')::numeric / nullif((c->>'utterances')::numeric, 0), 4),
          'scoldShare', round((c->>'scold')::numeric / nullif((c->>'utterances')::numeric, 0), 4),
          'scores', (SELECT jsonb_agg(e - 'basis' - 'confidence') FROM jsonb_array_elements(scores) e))
          || coalesce((SELECT jsonb_object_agg(e->>'category', e->'score') FROM jsonb_array_elements(scores) e), '{}'::jsonb)
        FROM public."utterance_code_counts"(transcript) c
      $$`);
    await q.query(`ALTER TABLE "session_analyses" ADD "figures" jsonb GENERATED ALWAYS AS ("analysis_figures"("metrics", "transcript", "scores")) STORED`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "session_analyses" DROP COLUMN "figures"`);
    await q.query(`DROP FUNCTION "analysis_figures"(jsonb, jsonb, jsonb)`);
    await q.query(`CREATE INDEX "ix_coaching_sessions_owner_created" ON "coaching_sessions" ("owner_id", "created_at")`);
    await q.query(`DROP INDEX "ix_coaching_sessions_owner_list"`);
  }
}

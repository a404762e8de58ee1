import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How many utterances of each analysis carry each code, kept beside the transcript by PostgreSQL itself (a
 * stored generated column), so the dashboards read five numbers per session instead of every transcript.
 */
export class AnalysisCodeCounts1764300000000 implements MigrationInterface {
  name = 'AnalysisCodeCounts1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION "utterance_code_counts"(transcript jsonb) RETURNS jsonb
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT jsonb_build_object(
          'utterances', count(*),
          'questioning', count(*) FILTER (WHERE u->'codes' ? 'questioning'),
          'instruction', count(*) FILTER (WHERE u->'codes' ? 'instruction'),
          'praise', count(*) FILTER (WHERE u->'codes' ? 'praise'),
          'scold', count(*) FILTER (WHERE u->'codes' ? 'scold'))
        FROM jsonb_array_elements(coalesce(transcript, '[]'::jsonb)) u
      $$`);
    await q.query(`ALTER TABLE "session_analyses" ADD "code_counts" jsonb GENERATED ALWAYS AS ("utterance_code_counts"("transcript")) STORED`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "session_analyses" DROP COLUMN "code_counts"`);
    await q.query(`DROP FUNCTION "utterance_code_counts"(jsonb)`);
  }
}

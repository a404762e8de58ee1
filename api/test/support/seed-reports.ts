import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import { assessSession, type CoachingAssessment } from '../../src/analysis/rubric/coaching-report';
import type { Rubric } from '../../src/analysis/rubric/rubric';
import { talkMetrics } from '../../src/analysis/pipeline/talk-metrics';

export interface SeededSession {
  title: string;
  /** Minutes after the first session: sessions are ordered by creation. */
  minute: number;
  durationSeconds: number;
  /** What the coach said and when; `text` null leaves the session without a transcript (transcriber `none`). */
  utterances: { start: number; end: number; text: string | null }[];
}

export interface SeededReport extends CoachingAssessment {
  id: string;
  title: string;
  createdAt: Date;
  segments: { start: number; end: number }[];
}

/**
 * Writes an analysed session as the worker would: the talk metrics and the coded, scored report computed here
 * with the product's own functions, so a test can check the dashboards' figures against them.
 */
export async function seedAnalysedSession(
  db: Client,
  ownerId: string,
  rubric: Rubric,
  session: SeededSession,
  start = new Date('2026-09-01T08:00:00Z'),
): Promise<SeededReport> {
  const id = randomUUID();
  const createdAt = new Date(start.getTime() + session.minute * 60_000);
  const segments = session.utterances.map(({ start, end }) => ({ start, end }));
  const metrics = talkMetrics(segments, session.durationSeconds, rubric.segmentation.intervention_gap_seconds.value);
  const transcribed = session.utterances.every((u) => u.text !== null);
  const assessed = assessSession(rubric, metrics, transcribed ? segments : null, transcribed ? session.utterances.map((u) => u.text!) : null);
  await db.query(
    `INSERT INTO coaching_sessions (id, owner_id, title, media_type, original_file_name, size_bytes, content_type, storage_key, processing_status, analysis_progress, uploaded_at, created_at, updated_at)
     VALUES ($1, $2, $3, 'audio', 'session.wav', 1000, 'audio/wav', $4, 'completed', 100, $5, $5, $5)`,
    [id, ownerId, session.title, `sessions/${id}`, createdAt],
  );
  await db.query(
    `INSERT INTO session_analyses (session_id, metrics, segments, transcriber, transcript, coaching_style, scores, rubric_version)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      id,
      JSON.stringify(assessed.metrics),
      JSON.stringify(segments),
      transcribed ? 'http' : 'none',
      transcribed ? JSON.stringify(assessed.transcript) : null,
      assessed.coachingStyle,
      JSON.stringify(assessed.scores),
      rubric.version,
    ],
  );
  return { id, title: session.title, createdAt, segments, ...assessed };
}

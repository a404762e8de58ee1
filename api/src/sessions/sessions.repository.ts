import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AnalysisWait, MediaType, ProcessingStatus } from '@touchline/shared';
import { type EntityManager, In, IsNull, LessThan, Not, Repository } from 'typeorm';
import { returningRows } from '../database';
import { CoachingSessionEntity } from './coaching-session.entity';

export interface NewSession {
  ownerId: string;
  title: string;
  mediaType: MediaType;
  originalFileName: string;
  sizeBytes: number;
}

export interface SessionFilter {
  search?: string;
  status?: ProcessingStatus;
  mediaType?: MediaType;
}

export interface CompletedUpload {
  storageKey: string;
  contentType: string;
  mediaType: MediaType;
}

type Row = Record<string, unknown>;

/** A completed session as the dashboards list it. */
export interface CompletedSession {
  id: string;
  ownerId: string;
  title: string;
  createdAt: Date;
}

@Injectable()
export class SessionsRepository {
  constructor(@InjectRepository(CoachingSessionEntity) private readonly sessions: Repository<CoachingSessionEntity>) {}

  create(session: NewSession): Promise<CoachingSessionEntity> {
    return this.sessions.save(this.sessions.create({ ...session, processingStatus: 'pending' }));
  }

  /** One page of the owner's sessions, newest first, and how many match in all. */
  pageByOwner(ownerId: string, filter: SessionFilter, page: number, pageSize: number): Promise<[CoachingSessionEntity[], number]> {
    return this.pageByOwners([ownerId], filter, page, pageSize);
  }

  /**
   * One page of the sessions of any of the owners (a team's members), newest first, filtered as the coach's own list is.
   * The page's ids and the count are read from the owners' list index alone (`ix_coaching_sessions_owner_list`),
   * then only the page's sessions from the table; one deleted in between is left out of the page.
   */
  async pageByOwners(ownerIds: string[], filter: SessionFilter, page: number, pageSize: number): Promise<[CoachingSessionEntity[], number]> {
    const [ids, count] = await Promise.all([
      this.filtered(ownerIds, filter)
        .select('s.id', 'id')
        .orderBy('s.created_at', 'DESC')
        .addOrderBy('s.id', 'DESC')
        .offset((page - 1) * pageSize)
        .limit(pageSize)
        .getRawMany<{ id: string }>(),
      this.filtered(ownerIds, filter).select('count(*)::int', 'n').getRawOne<{ n: number }>(),
    ]);
    if (ids.length === 0) return [[], count?.n ?? 0];
    const byId = new Map((await this.sessions.findBy({ id: In(ids.map((r) => r.id)) })).map((s) => [s.id, s]));
    return [ids.flatMap((r) => byId.get(r.id) ?? []), count?.n ?? 0];
  }

  /** The owners' sessions matching the filter, as a query on `s`. */
  private filtered(ownerIds: string[], filter: SessionFilter) {
    const query = this.sessions.createQueryBuilder('s').where('s.owner_id = ANY(:ownerIds)', { ownerIds });
    if (filter.search) {
      // Every word must occur in the title or the file name; LIKE's wildcards in the words are taken literally.
      filter.search
        .split(/\s+/)
        .filter(Boolean)
        .forEach((word, i) => {
          const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
          query.andWhere(`(s.title ILIKE :w${i} OR s.original_file_name ILIKE :w${i})`, { [`w${i}`]: pattern });
        });
    }
    if (filter.status) query.andWhere('s.processing_status = :status', { status: filter.status });
    if (filter.mediaType) query.andWhere('s.media_type = :mediaType', { mediaType: filter.mediaType });
    return query;
  }

  /** The owner's sessions, newest first, up to `limit`. */
  latestByOwner(ownerId: string, limit: number): Promise<CoachingSessionEntity[]> {
    return this.sessions.find({ where: { ownerId }, order: { createdAt: 'DESC', id: 'DESC' }, take: limit });
  }

  /** How many sessions each owner has per status; owners without any are absent. */
  async countByOwners(ownerIds: string[]): Promise<Map<string, Partial<Record<ProcessingStatus, number>>>> {
    const counts = new Map<string, Partial<Record<ProcessingStatus, number>>>();
    if (ownerIds.length === 0) return counts;
    const rows = await this.sessions
      .createQueryBuilder('s')
      .select('s.owner_id', 'ownerId')
      .addSelect('s.processing_status', 'status')
      .addSelect('count(*)::int', 'count')
      .where('s.owner_id = ANY(:ownerIds)', { ownerIds })
      .groupBy('s.owner_id')
      .addGroupBy('s.processing_status')
      .getRawMany<{ ownerId: string; status: ProcessingStatus; count: number }>();
    for (const r of rows) counts.set(r.ownerId, { ...counts.get(r.ownerId), [r.status]: r.count });
    return counts;
  }

  /** The session when one of the owners has it. */
  findOwnedByAny(id: string, ownerIds: string[]): Promise<CoachingSessionEntity | null> {
    return ownerIds.length ? this.sessions.findOneBy({ id, ownerId: In(ownerIds) }) : Promise.resolve(null);
  }

  findOwned(id: string, ownerId: string): Promise<CoachingSessionEntity | null> {
    return this.sessions.findOneBy({ id, ownerId });
  }

  /** The owner's sessions among `ids`, in no particular order; others' are absent. */
  findOwnedMany(ids: string[], ownerId: string): Promise<CoachingSessionEntity[]> {
    return this.sessions.findBy({ id: In(ids), ownerId });
  }

  findByUploadId(uploadId: string): Promise<CoachingSessionEntity | null> {
    return this.sessions.findOneBy({ uploadId });
  }

  /**
   * Binds a new tus upload to the owner's session while its recording is still missing. Answers the upload
   * it replaces (a client that lost its upload URL starts again), or null when the session cannot take one.
   */
  async bindUpload(id: string, ownerId: string, uploadId: string): Promise<{ previousUploadId: string | null } | null> {
    const rows = returningRows<Row>(
      await this.sessions.query(
        `UPDATE coaching_sessions s SET upload_id = $3, updated_at = now()
           FROM (SELECT id, upload_id AS previous FROM coaching_sessions WHERE id = $1 FOR UPDATE) p
          WHERE s.id = p.id AND s.owner_id = $2 AND s.uploaded_at IS NULL
          RETURNING p.previous`,
        [id, ownerId, uploadId],
      ),
    );
    return rows[0] ? { previousUploadId: (rows[0].previous as string | null) ?? null } : null;
  }

  /**
   * Records the finished upload; false when the session was deleted or completed meanwhile. The upload id
   * stays until `releasedUpload`, so a crash before the staging copy is released is finished by the sweep.
   */
  async completeUpload(id: string, uploadId: string, upload: CompletedUpload): Promise<boolean> {
    const result = await this.sessions.update({ id, uploadId, uploadedAt: IsNull() }, { ...upload, uploadedAt: () => 'now()' });
    return (result.affected ?? 0) > 0;
  }

  async releasedUpload(uploadId: string): Promise<void> {
    await this.sessions.update({ uploadId, uploadedAt: Not(IsNull()) }, { uploadId: null });
  }

  /** Completed sessions whose staging upload was not released (the API stopped in between). */
  findUnreleased(before: Date, limit = 100): Promise<CoachingSessionEntity[]> {
    return this.sessions.find({ where: { uploadId: Not(IsNull()), uploadedAt: LessThan(before) }, take: limit });
  }

  /** Deletes the owner's session; answers what it held, so the caller can remove the bytes. */
  async deleteOwned(id: string, ownerId: string): Promise<Pick<CoachingSessionEntity, 'uploadId' | 'storageKey'> | null> {
    const rows = returningRows<Row>(
      await this.sessions.query(`DELETE FROM coaching_sessions WHERE id = $1 AND owner_id = $2 RETURNING upload_id, storage_key`, [id, ownerId]),
    );
    const row = rows[0];
    return row ? { uploadId: row.upload_id as string | null, storageKey: row.storage_key as string | null } : null;
  }

  /** Deletes a session whose recording never arrived, found by its open upload. */
  async deleteOpenByUploadId(uploadId: string): Promise<boolean> {
    const result = await this.sessions.delete({ uploadId, uploadedAt: IsNull() });
    return (result.affected ?? 0) > 0;
  }

  async deleteOpen(id: string): Promise<boolean> {
    const result = await this.sessions.delete({ id, uploadedAt: IsNull() });
    return (result.affected ?? 0) > 0;
  }

  /** Sessions created before `before` whose recording never finished uploading. */
  findAbandoned(before: Date, limit = 100): Promise<CoachingSessionEntity[]> {
    return this.sessions.find({ where: { uploadedAt: IsNull(), createdAt: LessThan(before) }, order: { createdAt: 'ASC' }, take: limit });
  }

  /**
   * Starts (or, after a crash, restarts) the analysis of a stored recording; answers its storage key and owner,
   * or null when the session is deleted, not uploaded yet, or already analysed or failed.
   */
  async claimForAnalysis(id: string): Promise<{ storageKey: string; ownerId: string } | null> {
    const rows = returningRows<{ storage_key: string; owner_id: string }>(
      await this.sessions.query(
        `UPDATE coaching_sessions SET processing_status = 'processing', analysis_progress = 0, analysis_waiting = NULL, failure_reason = NULL, updated_at = now()
          WHERE id = $1 AND uploaded_at IS NOT NULL AND processing_status IN ('pending', 'processing')
          RETURNING storage_key, owner_id`,
        [id],
      ),
    );
    return rows[0] ? { storageKey: rows[0].storage_key, ownerId: rows[0].owner_id } : null;
  }

  /** Stores the progress of a running analysis (whole percent). */
  async reportProgress(id: string, percent: number): Promise<void> {
    await this.sessions.update({ id, processingStatus: 'processing' }, { analysisProgress: percent });
  }

  /** Says what the running analysis waits for (null: it goes on), for the coach's live status. */
  async reportWaiting(id: string, waitingFor: AnalysisWait | null): Promise<void> {
    await this.sessions.update({ id, processingStatus: 'processing' }, { analysisWaiting: waitingFor });
  }

  /** Marks the session analysed with its measured length, inside the transaction that stores its result. */
  async markAnalysed(id: string, recordingSeconds: number, tx: EntityManager): Promise<void> {
    await tx.getRepository(CoachingSessionEntity).update(
      { id },
      {
        processingStatus: 'completed',
        analysisProgress: 100,
        analysisWaiting: null,
        failureReason: null,
        recordingSeconds: Math.round(recordingSeconds * 10) / 10,
      },
    );
  }

  /** Seconds of the owner's recordings uploaded since the given moment, as far as their analyses have measured them. */
  async recordedSecondsSince(ownerId: string, since: Date): Promise<number> {
    const rows: { seconds: string | null }[] = await this.sessions.query(
      `SELECT sum("recording_seconds") AS seconds FROM "coaching_sessions" WHERE "owner_id" = $1 AND "uploaded_at" >= $2`,
      [ownerId, since],
    );
    return Number(rows[0]?.seconds ?? 0);
  }

  async markFailed(id: string, reason: string, retryable: boolean): Promise<void> {
    await this.sessions.update({ id }, { processingStatus: 'failed', analysisWaiting: null, failureReason: reason, failureRetryable: retryable });
  }

  /** Puts the owner's failed session back to waiting for analysis; false unless it failed and may be retried. */
  async retryFailed(id: string, ownerId: string): Promise<boolean> {
    const result = await this.sessions.update(
      { id, ownerId, processingStatus: 'failed', failureRetryable: true },
      { processingStatus: 'pending', analysisProgress: 0, analysisWaiting: null, failureReason: null },
    );
    return (result.affected ?? 0) > 0;
  }

  /** Ids of the stored recordings still waiting for (or in the middle of) their analysis. */
  async findAwaitingAnalysis(): Promise<string[]> {
    const rows = await this.sessions.find({ select: { id: true }, where: { uploadedAt: Not(IsNull()), processingStatus: In(['pending', 'processing']) } });
    return rows.map((row) => row.id);
  }

  /** How many of the owner's sessions are in each processing status (absent statuses have none). */
  async countByStatus(ownerId: string): Promise<{ status: ProcessingStatus; n: number }[]> {
    return (await this.sessions.query(
      `SELECT processing_status AS status, count(*)::int AS n FROM coaching_sessions WHERE owner_id = $1 GROUP BY processing_status`,
      [ownerId],
    )) as { status: ProcessingStatus; n: number }[];
  }

  /** The owner's completed sessions (among `ids` when given), oldest first. */
  completedByOwner(ownerId: string, ids?: string[]): Promise<CompletedSession[]> {
    return this.completedByOwners([ownerId], ids);
  }

  /**
   * The completed sessions of any of the owners, oldest first, each with the Monday (UTC) of its ISO week
   * (YYYY-MM-DD) and its creation as ISO 8601 text (a team's views parse only the few they show).
   */
  async completedWeeksByOwners(ownerIds: string[]): Promise<{ id: string; ownerId: string; week: string; createdAt: string }[]> {
    if (ownerIds.length === 0) return [];
    return (await this.sessions.query(
      `SELECT "id", "owner_id" AS "ownerId", to_char(date_trunc('week', "created_at" AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS "week",
              to_char("created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"
         FROM "coaching_sessions" WHERE "owner_id" = ANY($1::uuid[]) AND "processing_status" = 'completed'
        ORDER BY "created_at", "id"`,
      [ownerIds],
    )) as { id: string; ownerId: string; week: string; createdAt: string }[];
  }

  /** The completed sessions of any of the owners (among `ids` when given), oldest first, in one read of their list index. */
  async completedByOwners(ownerIds: string[], ids?: string[]): Promise<CompletedSession[]> {
    if (ids?.length === 0 || ownerIds.length === 0) return [];
    // Plain rows, not entities: a team's views read thousands.
    return (await this.sessions.query(
      `SELECT "id", "owner_id" AS "ownerId", "title", "created_at" AS "createdAt" FROM "coaching_sessions"
        WHERE "owner_id" = ANY($1::uuid[]) AND "processing_status" = 'completed' ${ids ? `AND "id" = ANY($2::uuid[])` : ''}
        ORDER BY "created_at", "id"`,
      ids ? [ownerIds, ids] : [ownerIds],
    )) as CompletedSession[];
  }
}

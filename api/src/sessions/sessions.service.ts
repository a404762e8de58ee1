import { Inject, Injectable, Logger } from '@nestjs/common';
import { mediaFormatForFileName, SESSION_PAGE, type CreatedSessionDto, type SessionPageDto, type SessionQuery, type UploadUsageDto } from '@touchline/shared';
import { Errors } from '../common';
import { AppConfig } from '../config';
import { OBJECT_STORAGE, UPLOAD_STORE, type ObjectStorage, type UploadStore } from '../storage';
import { EntitlementsService, uploadMonth } from '../plans';
import type { UserEntity } from '../users';
import type { CoachingSessionEntity } from './coaching-session.entity';
import type { CreateSessionBody } from './dto/create-session.dto';
import { sanitizeFileName } from './file-name';
import { mapSession } from './session.mapper';
import { recordingKey } from './recording-key';
import { SessionsRepository } from './sessions.repository';
import { UPLOAD_ENDPOINT } from './uploads/upload-endpoint';

@Injectable()
export class SessionsService {
  private readonly logger = new Logger(SessionsService.name);

  constructor(
    private readonly config: AppConfig,
    private readonly sessions: SessionsRepository,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(UPLOAD_STORE) private readonly uploads: UploadStore,
    private readonly entitlements: EntitlementsService,
  ) {}

  async create(owner: UserEntity, body: CreateSessionBody): Promise<CreatedSessionDto> {
    this.entitlements.assertCanUpload(owner);
    this.entitlements.assertUploadMinutesLeft(owner, await this.recordedThisMonth(owner));
    if (body.sizeBytes > this.config.uploads.maxBytes) throw Errors.uploadTooLarge(this.config.uploads.maxBytes);
    if (!mediaFormatForFileName(body.fileName)) throw Errors.unsupportedMediaType();
    const session = await this.sessions.create({
      ownerId: owner.id,
      title: body.title,
      mediaType: body.mediaType,
      originalFileName: sanitizeFileName(body.fileName),
      sizeBytes: body.sizeBytes,
    });
    return { session: mapSession(session), upload: { endpoint: UPLOAD_ENDPOINT, metadata: { sessionId: session.id } } };
  }

  /** The minutes recorded this month against the plan's limit (GET /api/sessions/usage). */
  async usage(owner: UserEntity): Promise<UploadUsageDto> {
    return this.entitlements.uploadUsage(owner, await this.recordedThisMonth(owner));
  }

  /** Seconds of the owner's recordings this calendar month (UTC), as their analyses measured them. */
  private recordedThisMonth(owner: UserEntity): Promise<number> {
    return this.sessions.recordedSecondsSince(owner.id, uploadMonth(new Date()).start);
  }

  async list(owner: UserEntity, query: SessionQuery): Promise<SessionPageDto> {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? SESSION_PAGE.defaultSize;
    const [items, total] = await this.sessions.pageByOwner(owner.id, query, page, pageSize);
    return { items: items.map(mapSession), total, page, pageSize };
  }

  async get(owner: UserEntity, id: string): Promise<CoachingSessionEntity> {
    const session = await this.sessions.findOwned(id, owner.id);
    if (!session) throw Errors.sessionNotFound();
    return session;
  }

  /** Removes the session first, then its bytes: a crash in between leaves an unreferenced object, never a dangling session. */
  async delete(owner: UserEntity, id: string): Promise<void> {
    const removed = await this.sessions.deleteOwned(id, owner.id);
    if (!removed) throw Errors.sessionNotFound();
    await this.removeBytes(id, removed);
  }

  async mediaUrl(owner: UserEntity, id: string): Promise<{ url: string; expiresAt: string }> {
    return this.recordingUrl(await this.get(owner, id));
  }

  /** A short-lived URL of a session's recording, for whoever the caller has found may hear it; 409 before it arrived. */
  async recordingUrl(session: Pick<CoachingSessionEntity, 'storageKey' | 'contentType'>): Promise<{ url: string; expiresAt: string }> {
    if (!session.storageKey || !session.contentType) throw Errors.notUploaded();
    const ttlSeconds = this.config.uploads.mediaUrlTtlSeconds;
    const url = await this.storage.downloadUrl(session.storageKey, { ttlSeconds, contentType: session.contentType });
    return { url, expiresAt: new Date(Date.now() + ttlSeconds * 1000).toISOString() };
  }

  /**
   * Everything a session may have stored: its upload (open, or finished and not released yet) and its
   * recording, which is under its stored key (an S3 recording keeps the key tus gave it) or, before the
   * session recorded one, possibly under the session's own key from an interrupted finish. Missing pieces are fine.
   */
  async removeBytes(sessionId: string, { uploadId, storageKey }: Pick<CoachingSessionEntity, 'uploadId' | 'storageKey'>): Promise<void> {
    if (uploadId && storageKey) await this.uploads.release(uploadId);
    else if (uploadId) {
      await this.uploads.datastore.remove(uploadId).catch((error: unknown) => {
        this.logger.debug({ err: error, uploadId }, 'no open upload to remove');
      });
    }
    await this.storage.delete(recordingKey(sessionId));
    if (storageKey && storageKey !== recordingKey(sessionId)) await this.storage.delete(storageKey);
  }
}

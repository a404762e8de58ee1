import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { buffer } from 'node:stream/consumers';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { EVENTS, Server, type Upload } from '@tus/server';
import { isUUID } from 'class-validator';
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { sendNodeResponse } from 'srvx/node';
import { UserAuthenticator } from '../../auth';
import { AppError, Errors, type HttpMount, asJsonError } from '../../common';
import { AppConfig } from '../../config';
import { OBJECT_STORAGE, UPLOAD_STORE, type ObjectStorage, type UploadStore } from '../../storage';
import { EntitlementsService } from '../../plans';
import type { UserEntity } from '../../users';
import { detectMedia, mediaTypeOf, SNIFF_BYTES } from './media-detection';
import { SessionEvents } from '../session-events';
import { recordingKey } from '../recording-key';
import { SessionsService } from '../sessions.service';
import { SessionsRepository } from '../sessions.repository';
import { UPLOAD_ENDPOINT } from './upload-endpoint';
import { uploadRequest } from './upload-request';
import { PostgresUploadLocker } from './upload-locker';

const UPLOAD_ID = /^[0-9a-f]{32}$/;

/** tus reads `{ status_code, body }` from anything a hook throws; the body is the API's usual JSON error. */
function tusError(error: AppError): { status_code: number; body: string } {
  const status = error.getStatus();
  return { status_code: status, body: JSON.stringify({ statusCode: status, message: (error.getResponse() as { message: string }).message }) };
}

type TusRequest = { runtime?: { node?: { req: IncomingMessage } } };

/**
 * The tus server at /api/uploads. Every request but OPTIONS carries the owner's Bearer token; an upload is
 * created for one of the caller's sessions (metadata `sessionId`), and only that caller may continue,
 * inspect or terminate it. A finished upload is checked (size, type from its bytes), kept as the
 * session's recording and announced; anything refused leaves no bytes behind.
 */
@Injectable()
export class UploadsService {
  private readonly logger = new Logger(UploadsService.name);
  private readonly callers = new WeakMap<IncomingMessage, UserEntity>();
  readonly server: Server;

  constructor(
    private readonly config: AppConfig,
    private readonly authenticator: UserAuthenticator,
    private readonly sessions: SessionsRepository,
    private readonly sessionsService: SessionsService,
    private readonly entitlements: EntitlementsService,
    private readonly events: SessionEvents,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(UPLOAD_STORE) private readonly uploads: UploadStore,
    locker: PostgresUploadLocker,
  ) {
    this.server = new Server({
      path: UPLOAD_ENDPOINT,
      datastore: uploads.datastore,
      // An upload's requests may reach any API replica: its lock is PostgreSQL's, not this process's memory.
      locker,
      maxSize: config.uploads.maxBytes,
      relativeLocation: true,
      disableTerminationForFinishedUploads: true,
      namingFunction: () => randomBytes(16).toString('hex'),
      getFileIdFromRequest: (_req, lastPath) => (lastPath && UPLOAD_ID.test(lastPath) ? lastPath : undefined),
      // The web app sends uploads to its own origin, like every other /api call: no cross-origin access.
      allowedOrigins: () => false,
      onIncomingRequest: (req, id) => this.authorize(req, id),
      onUploadCreate: async (req, upload) => {
        await this.bind(req, upload);
        return {};
      },
      onUploadFinish: async (_req, upload) => {
        await this.finish(upload);
        return {};
      },
      onResponseError: (_req, error) => this.mapError(error),
    });
    this.server.on(EVENTS.POST_FINISH, (_req, _res, upload) => {
      this.release(upload.id).catch((error: unknown) =>
        this.logger.warn({ err: error, uploadId: upload.id }, 'releasing a finished upload failed; the sweep will retry'),
      );
    });
    this.server.on(EVENTS.POST_TERMINATE, (_req, _res, id) => {
      this.sessions.deleteOpenByUploadId(id).catch((error: unknown) => this.logger.error({ err: error, uploadId: id }, 'removing a cancelled session failed'));
    });
  }

  /** The Express handler mounted at /api/uploads (outside Nest's router, so no body parser touches the stream). */
  readonly mount: HttpMount = {
    path: UPLOAD_ENDPOINT,
    handler: (req, res) => void this.handle(req as ExpressRequest, res as ExpressResponse),
  };

  private async handle(req: ExpressRequest, res: ExpressResponse): Promise<void> {
    try {
      // Recordings are read through GET /api/sessions/:id/media, never back through tus.
      if (req.method === 'GET') throw new AppError('METHOD_NOT_ALLOWED', 405, 'Recordings are read through /api/sessions/{id}/media.');
      if (req.method !== 'OPTIONS') this.callers.set(req, await this.authenticator.authenticate(req.headers.authorization));
    } catch (error) {
      // A token that is not valid is an AppError; anything else (the database restarting under the user lookup) is
      // the server's moment, answered 503 so that the upload client retries instead of giving up as on a 401.
      if (!(error instanceof AppError)) this.logger.warn({ err: error }, 'an upload request could not be authenticated for now');
      const { status_code, body } = tusError(error instanceof AppError ? error : Errors.temporarilyUnavailable());
      // The refused request's body is not read: the connection closes after the answer instead.
      res.status(status_code).setHeader('Tus-Resumable', '1.0.0').setHeader('Connection', 'close').type('application/json').send(body);
      return;
    }
    req.url = req.originalUrl;
    const response = await this.server.handleWeb(uploadRequest(req, res));
    await sendNodeResponse(res, response.status >= 400 ? await asJsonError(response) : response);
  }

  private caller(req: unknown): UserEntity {
    const node = (req as TusRequest).runtime?.node?.req;
    const user = node && this.callers.get(node);
    if (!user) throw tusError(Errors.authenticationRequired());
    return user;
  }

  private async authorize(req: unknown, id: string): Promise<void> {
    const user = this.caller(req);
    if ((req as { method: string }).method === 'POST') return;
    const session = await this.sessions.findByUploadId(id);
    // Someone else's upload looks exactly like a missing one.
    if (!session || session.ownerId !== user.id) throw tusError(Errors.uploadNotFound());
  }

  private async bind(req: unknown, upload: Upload): Promise<void> {
    const user = this.caller(req);
    const sessionId = upload.metadata?.sessionId ?? '';
    if (upload.sizeIsDeferred || upload.size === undefined) {
      throw tusError(new AppError('UPLOAD_LENGTH_REQUIRED', 400, 'Upload-Length is required.'));
    }
    if (!sessionId) throw tusError(new AppError('UPLOAD_SESSION_REQUIRED', 400, 'Upload-Metadata must name the sessionId.'));
    const session = isUUID(sessionId) ? await this.sessions.findOwned(sessionId, user.id) : null;
    if (!session) throw tusError(Errors.sessionNotFound());
    if (session.uploadedAt) throw tusError(Errors.alreadyUploaded());
    if (upload.size !== session.sizeBytes) throw tusError(Errors.uploadSizeMismatch());
    // A session made during a Free Trial takes no recording once the trial has ended, as creating one would not.
    try {
      this.entitlements.assertCanUpload(user);
    } catch (error) {
      throw error instanceof AppError ? tusError(error) : error;
    }
    const bound = await this.sessions.bindUpload(session.id, user.id, upload.id);
    if (!bound) throw tusError(Errors.alreadyUploaded());
    if (bound.previousUploadId && bound.previousUploadId !== upload.id) {
      await this.uploads.datastore.remove(bound.previousUploadId).catch(() => undefined);
    }
  }

  private async finish(upload: Upload): Promise<void> {
    const session = await this.sessions.findByUploadId(upload.id);
    if (!session) {
      await this.uploads.discard(upload.id);
      throw tusError(Errors.sessionNotFound());
    }
    const staged = this.uploads.stagingKey(upload.id);
    const stat = await this.storage.stat(staged);
    if (!stat || stat.size !== session.sizeBytes) {
      await this.reject(session.id, upload.id);
      throw tusError(Errors.uploadSizeMismatch());
    }
    const detected = await detectMedia(await buffer(await this.storage.get(staged, { start: 0, end: Math.min(stat.size, SNIFF_BYTES) - 1 })));
    if (!detected) {
      await this.reject(session.id, upload.id);
      throw tusError(Errors.unsupportedMediaType());
    }
    const key = await this.uploads.keep(upload.id, recordingKey(session.id));
    const mediaType = mediaTypeOf(detected, session.mediaType);
    const completed = await this.sessions.completeUpload(session.id, upload.id, { storageKey: key, contentType: detected.contentType, mediaType });
    if (!completed) {
      await this.storage.delete(key);
      await this.uploads.discard(upload.id);
      throw tusError(Errors.sessionNotFound());
    }
    this.events.publishUploaded({ sessionId: session.id, ownerId: session.ownerId, storageKey: key, mediaType, contentType: detected.contentType });
  }

  /** After the client has its answer: tus's bookkeeping of a finished upload, and any staging copy, go. */
  async release(uploadId: string): Promise<void> {
    await this.uploads.release(uploadId);
    await this.sessions.releasedUpload(uploadId);
  }

  /** A refused recording: the session and every byte of it go. */
  private async reject(sessionId: string, uploadId: string): Promise<void> {
    await this.uploads.discard(uploadId);
    await this.sessions.deleteOpen(sessionId);
    await this.sessionsService.removeBytes(sessionId, { uploadId: null, storageKey: null });
  }

  private mapError(error: Error | { status_code: number; body: string }) {
    if ('status_code' in error && typeof error.status_code === 'number') {
      if (error.body.startsWith('{')) return undefined;
      return { status_code: error.status_code, body: JSON.stringify({ statusCode: error.status_code, message: error.body.trim() }) };
    }
    this.logger.error({ err: error }, 'upload failed');
    return { status_code: 500, body: JSON.stringify({ statusCode: 500, message: 'The upload failed on the server. Please try again.' }) };
  }
}

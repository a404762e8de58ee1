import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../../config';
import { SessionsRepository } from '../sessions.repository';
import { SessionsService } from '../sessions.service';
import { UploadsService } from './uploads.service';

const SWEEP_INTERVAL_MS = 15 * 60 * 1000;
const FIRST_SWEEP_DELAY_MS = 30 * 1000;
/** A finished upload's staging copy is normally released within a second; after this it was missed. */
const RELEASE_GRACE_MS = 10 * 60 * 1000;

/**
 * Removes what unfinished work leaves behind: tus uploads past their expiry, the sessions they were for,
 * and staging copies of finished uploads the API did not get to release before it stopped.
 */
@Injectable()
export class UploadSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(UploadSweeper.name);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly config: AppConfig,
    private readonly sessions: SessionsRepository,
    private readonly sessionsService: SessionsService,
    private readonly uploads: UploadsService,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.backgroundJobs) return;
    const tick = () => {
      this.running = this.sweep().catch((error: unknown) => this.logger.error({ err: error }, 'upload sweep failed'));
      this.timer = setTimeout(tick, SWEEP_INTERVAL_MS).unref();
    };
    this.timer = setTimeout(tick, FIRST_SWEEP_DELAY_MS).unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearTimeout(this.timer);
    await this.running;
  }

  /** One pass; answers how many sessions and uploads it removed. */
  async sweep(now = new Date()): Promise<{ sessions: number; uploads: number; released: number }> {
    const expiredBefore = new Date(now.getTime() - this.config.uploads.expiryMs);
    let sessions = 0;
    for (const session of await this.sessions.findAbandoned(expiredBefore)) {
      if (await this.sessions.deleteOpen(session.id)) {
        await this.sessionsService.removeBytes(session.id, session);
        sessions += 1;
      }
    }
    const uploads = await this.uploads.server.cleanUpExpiredUploads();
    let released = 0;
    for (const session of await this.sessions.findUnreleased(new Date(now.getTime() - RELEASE_GRACE_MS))) {
      await this.uploads.release(session.uploadId!).catch(() => undefined);
      released += 1;
    }
    if (sessions + uploads + released > 0) this.logger.log({ sessions, uploads, released }, 'removed abandoned uploads');
    return { sessions, uploads, released };
  }
}

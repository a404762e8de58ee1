import { EventEmitter } from 'node:events';
import { Injectable, Logger } from '@nestjs/common';
import type { MediaType } from '@touchline/shared';

/** Published once a session's recording is stored under its final key and the session awaits analysis. */
export interface SessionUploaded {
  sessionId: string;
  ownerId: string;
  storageKey: string;
  mediaType: MediaType;
  contentType: string;
}

type Listener = (event: SessionUploaded) => void | Promise<void>;

/**
 * In-process domain events of sessions. Listeners run after the change is committed; a failing listener is
 * logged and does not undo it (a session left `pending` is still found by whoever scans for pending work).
 */
@Injectable()
export class SessionEvents {
  private readonly logger = new Logger(SessionEvents.name);
  private readonly emitter = new EventEmitter();

  onUploaded(listener: Listener): () => void {
    const wrapped = (event: SessionUploaded) => {
      Promise.resolve()
        .then(() => listener(event))
        .catch((error: unknown) => this.logger.error({ err: error, sessionId: event.sessionId }, 'session.uploaded listener failed'));
    };
    this.emitter.on('uploaded', wrapped);
    return () => this.emitter.off('uploaded', wrapped);
  }

  publishUploaded(event: SessionUploaded): void {
    this.emitter.emit('uploaded', event);
  }
}

import type { CoachingSessionDto } from '@touchline/shared';
import type { CoachingSessionEntity } from './coaching-session.entity';

/** The only way a session leaves the API: storage keys and upload ids stay inside. */
export function mapSession(session: CoachingSessionEntity): CoachingSessionDto {
  return {
    id: session.id,
    title: session.title,
    mediaType: session.mediaType,
    originalFileName: session.originalFileName,
    sizeBytes: session.sizeBytes,
    contentType: session.contentType,
    processingStatus: session.processingStatus,
    analysisProgress: session.analysisProgress,
    ...(session.processingStatus === 'processing' && session.analysisWaiting ? { waitingFor: session.analysisWaiting } : {}),
    failureReason: session.failureReason,
    retryable: session.processingStatus === 'failed' && session.failureRetryable,
    uploadedAt: session.uploadedAt?.toISOString() ?? null,
    createdAt: session.createdAt.toISOString(),
    updatedAt: session.updatedAt.toISOString(),
  };
}

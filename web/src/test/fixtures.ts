import type { CoachingSessionDto } from '@touchline/shared';

/** An uploaded, analysed audio session as the API answers it; `overrides` sets what a test is about. */
export function makeSession(overrides: Partial<CoachingSessionDto> = {}): CoachingSessionDto {
  return {
    id: 's1',
    title: 'Thursday session',
    mediaType: 'audio',
    originalFileName: 'thursday.wav',
    sizeBytes: 1000,
    contentType: 'audio/wav',
    processingStatus: 'completed',
    analysisProgress: 100,
    failureReason: null,
    retryable: false,
    uploadedAt: '2026-03-12T18:00:00.000Z',
    createdAt: '2026-03-12T17:59:00.000Z',
    updatedAt: '2026-03-12T18:05:00.000Z',
    ...overrides,
  };
}

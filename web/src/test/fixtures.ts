import type { CoachingSessionDto, PlanCatalogueDto, PlanDto, SessionReportDto } from '@touchline/shared';
import { vi } from 'vitest';
import type { IdentityClient } from '@/lib/identity/identity-client';

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

/** A plan catalogue as `GET /api/plans` answers it, with the shipped plans' capabilities. */
export function makePlanCatalogue(billing: PlanCatalogueDto['billing'] = 'none'): PlanCatalogueDto {
  const plan = (name: PlanDto['name'], opens: PlanDto['opens'], extra: Partial<PlanDto> = {}): PlanDto => ({
    name,
    summary: `${name} summary`,
    features: [`${name} feature`],
    opens,
    teamSeats: null,
    monthlyUploadMinutes: 600,
    retentionDays: null,
    trialDays: null,
    addOn: false,
    prices: billing === 'none' ? [] : [{ interval: 'month', amount: 1900, currency: 'eur' }],
    ...extra,
  });
  return {
    billing,
    plans: [
      plan('Free Trial', ['compare'], { trialDays: 14, prices: [] }),
      plan('Coach', ['compare', 'development']),
      plan('Coach Plus', ['compare', 'development']),
      plan('Elite', ['compare', 'development', 'externalReview', 'teams'], { teamSeats: 10 }),
      plan('Pro', ['externalReview']),
      plan('Goalkeeping Plus', []),
      plan('Add-on', [], { addOn: true }),
    ],
  };
}

/** The report of `makeSession()`'s session: a hands-off coach, four categories scored, one withheld for want of a transcript. */
export function makeReport(overrides: Partial<SessionReportDto> = {}): SessionReportDto {
  return {
    session: makeSession(),
    metrics: {
      durationSeconds: 600,
      talkSeconds: 150,
      talkRatio: 0.25,
      interventions: 3,
      interventionsPerMinute: 0.3,
      meanInterventionSeconds: 5,
      medianInterventionSeconds: 4,
      longestInterventionSeconds: 9,
      longestSilenceSeconds: 120,
      speechRateWpm: 142.4,
    },
    segments: [
      { start: 12, end: 20 },
      { start: 75, end: 80 },
    ],
    coachingStyle: 'Hands-off',
    scores: [
      { category: 'technical', score: 72, level: 'advanced', basis: 'Instructions on technique per minute.' },
      { category: 'tactical', score: null, level: null, basis: 'Needs a transcript.' },
      { category: 'communication', score: 55, level: 'intermediate', basis: 'Praise and questioning.' },
      { category: 'management', score: 40, level: 'beginner', basis: 'Organisation talk.' },
      { category: 'engagement', score: 90, level: 'expert', basis: 'First names used.' },
    ],
    transcriber: 'pocketsphinx',
    transcript: [
      { start: 12, end: 20, text: 'Two touch only, Sam.', codes: ['instruction', 'first-name'] },
      { start: 75, end: 80, text: 'Brilliant work everybody.', codes: ['praise'] },
    ],
    codeCounts: { instruction: 1, questioning: 0, praise: 1, scold: 0, management: 0, 'first-name': 1 },
    rubricVersion: '1',
    ...overrides,
  };
}

/** An identity provider that signs nobody in and resolves every action; `overrides` sets what a test is about. */
export function makeIdentityClient(overrides: Partial<IdentityClient> = {}): IdentityClient {
  return {
    init: vi.fn(),
    session: () => null,
    login: vi.fn().mockResolvedValue(undefined),
    register: vi.fn().mockResolvedValue(undefined),
    changePassword: vi.fn().mockResolvedValue(undefined),
    logout: vi.fn().mockResolvedValue(undefined),
    accessToken: vi.fn().mockResolvedValue('token'),
    callbackError: () => null,
    actionOutcome: () => null,
    onSessionChange: () => () => undefined,
    ...overrides,
  };
}

import type { CoachingSessionDto, PlanCatalogueDto, PlanDto } from '@touchline/shared';

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

import { SKILL_CATEGORIES, type CategoryScoreDto } from '@touchline/shared';
import { describe, expect, it } from 'vitest';
import { buildReport, type ReportAnalysis, type StoredSession } from './build-report';
import { DEMO_VIEW, externalReviewerView, OWNER_VIEW, teamAdminView } from './report-view';

const session: StoredSession = {
  id: '6f9d3a52-4c1e-4a8e-9b1f-2d7c5e8a1b30',
  ownerId: 'b1c2d3e4-0000-4000-8000-000000000001',
  title: 'U12 Tuesday',
  mediaType: 'video',
  originalFileName: 'private-phone-recording.mov',
  sizeBytes: 123_456_789,
  contentType: 'video/quicktime',
  storageKey: 'sessions/secret-storage-key',
  uploadId: null,
  processingStatus: 'completed',
  analysisProgress: 100,
  failureReason: null,
  failureRetryable: false,
  uploadedAt: new Date('2026-02-03T18:05:00.000Z'),
  recordingSeconds: 1800,
  createdAt: new Date('2026-02-03T18:00:00.000Z'),
  updatedAt: new Date('2026-02-03T18:40:00.000Z'),
};

const scores: CategoryScoreDto[] = SKILL_CATEGORIES.map((category, i) => ({ category, score: 50 + i, level: 'intermediate', basis: 'From the talk time' }));

const analysis: ReportAnalysis = {
  metrics: {
    durationSeconds: 1800,
    talkSeconds: 540,
    talkRatio: 0.3,
    interventions: 90,
    interventionsPerMinute: 3,
    meanInterventionSeconds: 6,
    medianInterventionSeconds: 5,
    longestInterventionSeconds: 30,
    longestSilenceSeconds: 120,
    speechRateWpm: 150,
  },
  segments: [{ start: 1, end: 4 }],
  coachingStyle: 'Balanced',
  scores,
  transcriber: 'pocketsphinx',
  transcript: [
    { start: 1, end: 2, text: 'Why did you pass there?', codes: ['questioning'] },
    { start: 3, end: 4, text: 'Well done Sam', codes: ['praise', 'first-name'] },
  ],
  rubricVersion: 'rubric-2026.1',
};

const link = {
  label: 'For my mentor',
  expiresAt: new Date('2026-03-01T00:00:00.000Z'),
  showMedia: true,
  showTranscript: true,
  showScores: true,
  allowDownload: false,
};
const everyLink = [false, true].flatMap((showMedia) =>
  [false, true].flatMap((showTranscript) =>
    [false, true].flatMap((showScores) => [false, true].map((allowDownload) => ({ ...link, showMedia, showTranscript, showScores, allowDownload }))),
  ),
);

/** What only the coach (and their team admins) may learn: the session's record and the analysis's provenance. */
const OWNER_ONLY_KEYS = ['transcriber', 'rubricVersion'];
const OWNER_ONLY_SESSION_KEYS = [
  'originalFileName',
  'sizeBytes',
  'contentType',
  'processingStatus',
  'analysisProgress',
  'failureReason',
  'retryable',
  'uploadedAt',
  'createdAt',
  'updatedAt',
];
const OWNER_ONLY_VALUES = [session.originalFileName, session.storageKey!, session.ownerId, analysis.rubricVersion, 'pocketsphinx', 'video/quicktime'];

describe('the report as its coach reads it', () => {
  const report = buildReport(session, analysis, OWNER_VIEW);

  it('has the whole session record, the analysis with its provenance, the transcript and its code counts', () => {
    expect(Object.keys(report)).toEqual([
      'session',
      'metrics',
      'segments',
      'coachingStyle',
      'scores',
      'transcriber',
      'transcript',
      'codeCounts',
      'rubricVersion',
    ]);
    expect(report.session).toEqual({
      id: session.id,
      title: 'U12 Tuesday',
      mediaType: 'video',
      originalFileName: 'private-phone-recording.mov',
      sizeBytes: 123_456_789,
      contentType: 'video/quicktime',
      processingStatus: 'completed',
      analysisProgress: 100,
      failureReason: null,
      retryable: false,
      uploadedAt: '2026-02-03T18:05:00.000Z',
      createdAt: '2026-02-03T18:00:00.000Z',
      updatedAt: '2026-02-03T18:40:00.000Z',
    });
    expect(report).toMatchObject({ scores, transcriber: 'pocketsphinx', transcript: analysis.transcript, rubricVersion: 'rubric-2026.1' });
    expect(report.codeCounts).toEqual({ instruction: 0, questioning: 1, praise: 1, scold: 0, management: 0, 'first-name': 1 });
  });

  it('plays the recording and reads every link’s comments with the link each came through', () => {
    expect(OWNER_VIEW).toMatchObject({ media: true, comments: 'every link', linkLabels: true });
  });

  it('has no code counts for a session analysed without a transcriber', () => {
    expect(buildReport(session, { ...analysis, transcriber: 'none', transcript: null }, OWNER_VIEW)).toMatchObject({ transcript: null, codeCounts: null });
  });
});

describe('the report as a team admin reads it', () => {
  const coach = { userId: session.ownerId, username: 'Coach Sam' };
  const view = teamAdminView(coach);

  it('is the coach’s own report, read-only, with whose it is', () => {
    const read = buildReport(session, analysis, view);
    expect(Object.keys(read)).toEqual(['coach', 'report']);
    expect(read.coach).toEqual(coach);
    expect(read.report).toEqual(buildReport(session, analysis, OWNER_VIEW));
  });

  it('plays the recording but never reads the member’s review comments or whom they shared the session with', () => {
    expect(view).toMatchObject({ media: true, comments: 'none', linkLabels: false });
  });

  it('names only the coach given, whatever else is passed in', () => {
    expect(teamAdminView({ ...coach, email: 'sam@club.example' } as typeof coach).coach).toEqual(coach);
  });
});

describe('the report as an external reviewer reads it', () => {
  it.each(everyLink)('never has the session record, the provenance or the coach (%o)', (flags) => {
    const read = buildReport(session, analysis, externalReviewerView(flags));
    expect(Object.keys(read)).toEqual(['review', 'session', 'metrics', 'segments', 'coachingStyle', 'scores', 'transcript', 'codeCounts']);
    for (const key of OWNER_ONLY_KEYS) expect(read).not.toHaveProperty(key);
    expect(Object.keys(read.session)).toEqual(['id', 'title', 'mediaType', 'recordedAt']);
    for (const key of OWNER_ONLY_SESSION_KEYS) expect(read.session).not.toHaveProperty(key);
    const json = JSON.stringify(read);
    for (const value of OWNER_ONLY_VALUES) expect(json).not.toContain(value);
    expect(read.session).toEqual({ id: session.id, title: 'U12 Tuesday', mediaType: 'video', recordedAt: '2026-02-03T18:00:00.000Z' });
  });

  it.each(everyLink)('shows the scores, transcript and recording only as the link allows (%o)', (flags) => {
    const view = externalReviewerView(flags);
    const read = buildReport(session, analysis, view);
    expect(read.scores).toEqual(flags.showScores ? scores : null);
    expect(read.transcript).toEqual(flags.showTranscript ? analysis.transcript : null);
    expect(read.codeCounts === null).toBe(!flags.showTranscript);
    expect(view.media).toBe(flags.showMedia);
    expect(read.metrics).toEqual(analysis.metrics);
    expect(read.segments).toEqual(analysis.segments);
  });

  it('heads the report with the link’s terms, and sees only its own link’s comments, without link labels', () => {
    const view = externalReviewerView({ ...link, showScores: false });
    expect(buildReport(session, analysis, view).review).toEqual({
      label: 'For my mentor',
      expiresAt: '2026-03-01T00:00:00.000Z',
      showMedia: true,
      showTranscript: true,
      showScores: false,
      allowDownload: false,
    });
    expect(view).toMatchObject({ comments: 'own link', linkLabels: false, sessionRecord: false, provenance: false });
  });
});

describe('the demo', () => {
  const read = buildReport({ id: 'demo', title: 'Demo', mediaType: 'audio', createdAt: new Date('2026-01-12T17:30:00.000Z') }, analysis, DEMO_VIEW);

  it('shows every part a reviewer may see, on fixed terms that never allow a download', () => {
    expect(read.review).toEqual({
      label: 'Demo',
      expiresAt: '2099-12-31T23:59:59.000Z',
      showMedia: true,
      showTranscript: true,
      showScores: true,
      allowDownload: false,
    });
    expect(read).toMatchObject({
      scores,
      transcript: analysis.transcript,
      session: { id: 'demo', title: 'Demo', mediaType: 'audio', recordedAt: '2026-01-12T17:30:00.000Z' },
    });
    expect(DEMO_VIEW).toMatchObject({ media: true, comments: 'samples', linkLabels: false });
  });

  it('has nothing a coach keeps to themselves', () => {
    expect(Object.keys(read)).toEqual(['review', 'session', 'metrics', 'segments', 'coachingStyle', 'scores', 'transcript', 'codeCounts']);
    for (const key of OWNER_ONLY_KEYS) expect(read).not.toHaveProperty(key);
    expect(JSON.stringify(read)).not.toContain(analysis.rubricVersion);
  });
});

describe('utterances the recogniser was unsure of', () => {
  const unsure: ReportAnalysis = {
    ...analysis,
    transcript: [analysis.transcript![0]!, { start: 3, end: 4, text: 'Well dune Sam', codes: ['first-name'], uncertain: true }],
  };
  const demo = { id: 'demo', title: 'Demo', mediaType: 'audio' as const, createdAt: new Date('2026-01-12T17:30:00.000Z') };

  it('are marked alike for every reader: the coach, their team admin, a reviewer and the demo', () => {
    const marks = (transcript: { uncertain?: boolean }[] | null) => transcript!.map((u) => u.uncertain === true);
    expect(marks(buildReport(session, unsure, OWNER_VIEW).transcript)).toEqual([false, true]);
    expect(marks(buildReport(session, unsure, teamAdminView({ userId: session.ownerId, username: 'sam' })).report.transcript)).toEqual([false, true]);
    expect(marks(buildReport(session, unsure, externalReviewerView(link)).transcript)).toEqual([false, true]);
    expect(marks(buildReport(demo, unsure, DEMO_VIEW).transcript)).toEqual([false, true]);
  });
});

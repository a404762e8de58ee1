import { describe, expect, it } from 'vitest';
import { statusOf } from './session-status';

describe('session status', () => {
  const uploaded = { uploadedAt: '2026-03-01T10:00:00.000Z', analysisProgress: 0 };

  it('puts an unfinished upload before the analysis status', () => {
    expect(statusOf({ uploadedAt: null, processingStatus: 'pending', analysisProgress: 0 }).label).toBe('Upload not finished');
  });

  it('names each analysis status in words, with the progress while analysing', () => {
    expect(statusOf({ ...uploaded, processingStatus: 'pending' }).label).toBe('Waiting for analysis');
    expect(statusOf({ ...uploaded, processingStatus: 'processing', analysisProgress: 40 }).label).toBe('Analysing (40%)');
    expect(statusOf({ ...uploaded, processingStatus: 'completed' }).label).toBe('Analysed');
    expect(statusOf({ ...uploaded, processingStatus: 'failed' }).label).toBe('Analysis failed');
  });

  it('says so while the analysis waits for the transcriber to finish installing', () => {
    expect(statusOf({ ...uploaded, processingStatus: 'processing', analysisProgress: 40, waitingFor: 'transcriber' }).label).toBe(
      'Waiting for the transcriber',
    );
  });
});

import type { ExternalReviewDto } from '@touchline/shared';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReviewReport } from './review-report';

const review: ExternalReviewDto = {
  review: { showMedia: false, showTranscript: false, showScores: true, allowDownload: false, label: 'Mentor', expiresAt: '2026-06-01T00:00:00.000Z' },
  session: { id: 's1', title: 'Tuesday drills', mediaType: 'audio', recordedAt: '2026-03-10T18:00:00.000Z' },
  metrics: {
    durationSeconds: 600,
    talkSeconds: 240,
    talkRatio: 0.4,
    interventions: 30,
    interventionsPerMinute: 3,
    meanInterventionSeconds: 8,
    medianInterventionSeconds: 7,
    longestInterventionSeconds: 20,
    longestSilenceSeconds: 60,
    speechRateWpm: null,
  },
  segments: [],
  coachingStyle: 'Balanced',
  scores: [
    { category: 'technical', score: 72, level: 'advanced', basis: 'From the instruction share.' },
    { category: 'tactical', score: null, level: null, basis: 'This needs a transcript, and the session was analysed without a transcriber.' },
  ],
  transcript: null,
  codeCounts: null,
};

describe('the report a review link shows (reviewer and demo)', () => {
  it('says why a category has no score instead of a bare dash', async () => {
    render(<ReviewReport review={review} mediaUrl={null} comments={[]} onSeek={() => undefined} />);
    const scores = screen.getByRole('region', { name: 'Scores' });
    expect(scores).toHaveTextContent('Technical: 72 (advanced)');
    expect(scores).not.toHaveTextContent('—');
    const missing = within(scores).getByRole('button', { name: /^Not scored/ });
    expect(missing).toHaveAccessibleName('Not scored: This needs a transcript, and the session was analysed without a transcriber.');
    fireEvent.click(missing);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('This needs a transcript');
  });

  it('greys an utterance the recogniser was unsure of and marks it Unclear, as the coach sees it', () => {
    const transcript = [
      { start: 12, end: 20, text: 'Two touch only, Sam.', codes: ['instruction' as const] },
      { start: 75, end: 80, text: 'Brill in the work every bog.', codes: [], uncertain: true },
    ];
    render(<ReviewReport review={{ ...review, transcript }} mediaUrl={null} comments={[]} onSeek={() => undefined} />);
    const [clear, unclear] = within(screen.getByRole('region', { name: 'Transcript' })).getAllByRole('listitem');
    expect(within(unclear!).getByText('Brill in the work every bog.')).toHaveClass('text-slate-500');
    expect(within(unclear!).getByText('Unclear')).toHaveTextContent(/^Unclear: the recogniser was unsure of these words/);
    expect(within(clear!).getByText('Two touch only, Sam.')).not.toHaveClass('text-slate-500');
    expect(within(clear!).queryByText('Unclear')).not.toBeInTheDocument();
  });
});

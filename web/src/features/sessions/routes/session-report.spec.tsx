import type { CoachingSessionDto, SessionReportDto } from '@touchline/shared';
import { FIGURE_INFO, SESSION_MESSAGES } from '@touchline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatFigure } from '@/lib/figure-format';
import { fakeApi } from '@/test/fake-api';
import { makeReport } from '@/test/fixtures';
import { makeUser, renderApp } from '@/test/render-app';

const report = makeReport();
const { session } = report;

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function serve(current: SessionReportDto, sessionNow: CoachingSessionDto = current.session) {
  return fakeApi(({ path }) => {
    if (path === '/api/sessions/s1') return sessionNow;
    if (path === '/api/sessions/s1/report') return current;
    if (path === '/api/sessions/s1/media') return { url: '/media/s1.wav' };
    return undefined;
  });
}

describe('session report', () => {
  it('shows the coaching style, the category scores with their basis and the speech rate', async () => {
    serve(report);
    renderApp('/sessions/s1', makeUser());
    expect(await screen.findByTestId('coaching-style')).toHaveTextContent('Hands-off');
    expect(screen.getByRole('heading', { name: 'Skill categories' })).toBeInTheDocument();
    expect(screen.getByTestId('score-technical')).toHaveTextContent(/72.*Advanced/);
    expect(screen.getByTestId('score-technical')).toHaveTextContent('Instructions on technique per minute.');
    expect(screen.getByTestId('score-tactical')).toHaveTextContent('Not scored');
    expect(screen.getByTestId('score-tactical')).toHaveTextContent('Needs a transcript.');
    expect(screen.getByTestId('score-engagement')).toHaveTextContent(/90.*Expert/);
    expect(screen.getByText('Speech rate').nextElementSibling).toHaveTextContent('142 words/min');
    expect(screen.queryByText(/not part of this report/)).not.toBeInTheDocument();
  });

  it('names and writes the talk figures as Compare and Development do', async () => {
    serve({ ...report, metrics: { ...report.metrics, talkRatio: 0.416, longestSilenceSeconds: 57.4, interventionsPerMinute: 2.25 } });
    renderApp('/sessions/s1', makeUser());
    const metrics = await screen.findByLabelText('Talk metrics', {}, { timeout: 5000 });
    const value = (label: string) => within(metrics).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(within(metrics).queryByText('Talk time')).not.toBeInTheDocument();
    expect(value(FIGURE_INFO.talkRatio.label)).toHaveTextContent(formatFigure('talkRatio', 0.416));
    expect(value(FIGURE_INFO.longestSilenceSeconds.label)).toHaveTextContent('57.4 s');
    expect(value(FIGURE_INFO.durationSeconds.label)).toHaveTextContent('10:00');
    expect(value(FIGURE_INFO.meanInterventionSeconds.label)).toHaveTextContent('5.0 s');
    expect(value(FIGURE_INFO.interventionsPerMinute.label)).toHaveTextContent(formatFigure('interventionsPerMinute', 2.25));
  });

  it('shows "Not enough clear speech to score" for a category withheld as unclear, beside one scored from timing alone', async () => {
    const unclear = "Not enough clear speech to score: the recogniser's confidence in the words it heard was 12 %, below the 50 % the rubric needs.";
    serve({
      ...report,
      scores: report.scores.map((s) =>
        s.category === 'technical'
          ? { ...s, score: null, level: null, basis: unclear, confidence: 0.12 }
          : s.category === 'management'
            ? { ...s, basis: 'From interventions per minute and longest silence: timing alone.', confidence: null }
            : s,
      ),
    });
    renderApp('/sessions/s1', makeUser());
    const technical = await screen.findByTestId('score-technical');
    expect(technical).toHaveTextContent(/^TechnicalNot enough clear speech to score/);
    expect(technical).not.toHaveTextContent('Not scored');
    expect(screen.getByTestId('score-management')).toHaveTextContent(/40.*timing alone/);
    expect(screen.getByTestId('score-tactical')).toHaveTextContent('Not scored');
  });

  it('lists the coded transcript and seeks the player to an utterance', async () => {
    serve(report);
    renderApp('/sessions/s1', makeUser());
    const section = (await screen.findByRole('heading', { name: 'Transcript' })).closest('section')!;
    expect(section).toHaveTextContent('Transcriber: pocketsphinx');
    const utterances = within(section).getByRole('list', { name: 'Utterances' });
    const items = within(utterances).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Two touch only, Sam.');
    expect(within(items[0]!).getByText('Instruction')).toBeInTheDocument();
    expect(within(items[0]!).getByText('First name')).toBeInTheDocument();
    expect(within(section).getByTestId('code-count-praise')).toHaveTextContent('Praise: 1');

    const player = await screen.findByTestId<HTMLMediaElement>('player');
    await userEvent.setup().click(within(items[1]!).getByRole('button', { name: 'Play from 1:15' }));
    expect(player.currentTime).toBe(75);
  });

  it('greys an utterance the recogniser was unsure of and marks it Unclear, in words as well as colour', async () => {
    const [sure, unsure] = report.transcript!;
    serve({ ...report, transcriber: 'whisper', transcript: [sure!, { ...unsure!, text: 'Brill in the work every bog.', uncertain: true }] });
    renderApp('/sessions/s1', makeUser());
    const section = (await screen.findByRole('heading', { name: 'Transcript' })).closest('section')!;
    expect(section).toHaveTextContent(
      '1 marked Unclear: the recogniser was unsure of their words; when too many are unclear, no score rests on the transcript.',
    );
    const [clear, unclear] = within(within(section).getByRole('list', { name: 'Utterances' })).getAllByRole('listitem');
    const unclearText = within(unclear!).getByText('Brill in the work every bog.');
    expect(unclearText).toHaveClass('text-slate-500');
    expect(unclearText).not.toHaveClass('text-slate-900');
    const marker = within(unclear!).getByText('Unclear');
    expect(marker).toBeVisible();
    expect(marker).toHaveTextContent('Unclear: the recogniser was unsure of these words.');
    expect(within(clear!).getByText('Two touch only, Sam.')).toHaveClass('text-slate-900');
    expect(within(clear!).queryByText('Unclear')).not.toBeInTheDocument();
  });

  it('says there is no transcript when the session was analysed without a transcriber', async () => {
    serve({ ...report, transcriber: 'none', transcript: null, codeCounts: null, metrics: { ...report.metrics, speechRateWpm: null } });
    renderApp('/sessions/s1', makeUser());
    const section = (await screen.findByRole('heading', { name: 'Transcript' })).closest('section')!;
    expect(section).toHaveTextContent('analysed without a transcriber, so there is no transcript');
    expect(within(section).queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByText('Speech rate')).not.toBeInTheDocument();
  });

  it('says a report was transcribed by PocketSphinx, what that means, and what gets Whisper', async () => {
    serve({ ...report, transcriber: 'pocketsphinx' });
    renderApp('/sessions/s1', makeUser());
    const note = await screen.findByRole('complementary', { name: 'Speech recogniser' });
    expect(note).toHaveTextContent('Transcribed with PocketSphinx, a basic speech recogniser: many of its words are wrong');
    expect(note).toHaveTextContent('Whisper is far more accurate');
    expect(note).toHaveTextContent('Python 3.11, 3.12 or 3.13 and venv');
    expect(note).toHaveTextContent('apt-get install python3 python3-venv');
    expect(note).toHaveTextContent('npm start');
  });

  it('has no recogniser note on a report transcribed by Whisper', async () => {
    serve({ ...report, transcriber: 'whisper' });
    renderApp('/sessions/s1', makeUser());
    expect(await screen.findByTestId('coaching-style')).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Speech recogniser' })).not.toBeInTheDocument();
    expect(screen.queryByText(/PocketSphinx/)).not.toBeInTheDocument();
  });

  it('says the analysis waits for the transcriber to finish installing while it does', async () => {
    const waiting: CoachingSessionDto = { ...session, processingStatus: 'processing', analysisProgress: 40, waitingFor: 'transcriber' };
    fakeApi(({ path }) => (path === '/api/sessions/s1' ? waiting : undefined));
    renderApp('/sessions/s1', makeUser());
    expect(await screen.findByTestId('waiting-for-transcriber')).toHaveTextContent(
      'Analysing… 40%. Waiting for the transcriber (the Whisper speech recogniser) to finish installing on the server',
    );
  });

  it('tries a failed analysis again and shows the session pending', async () => {
    const failed = {
      ...session,
      processingStatus: 'failed' as const,
      analysisProgress: 0,
      failureReason: 'The transcription service did not answer.',
      retryable: true,
    };
    const requests = fakeApi(({ method, path }) => {
      if (method === 'POST' && path === '/api/sessions/s1/analysis')
        return Response.json({ ...failed, processingStatus: 'pending', failureReason: null, retryable: false }, { status: 202 });
      if (path === '/api/sessions/s1') return failed;
      return undefined;
    });
    renderApp('/sessions/s1', makeUser());
    expect(await screen.findByText('The analysis failed: The transcription service did not answer.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/Waiting for analysis/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check again' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/api/sessions/s1/analysis']);
  });

  it('offers no "Try again" for a recording that cannot be analysed, and points to a new upload', async () => {
    const failed = {
      ...session,
      processingStatus: 'failed' as const,
      failureReason: 'The recording has no audio track, so there is no speech to analyse.',
      retryable: false,
    };
    const requests = fakeApi(({ path }) => (path === '/api/sessions/s1' ? failed : undefined));
    renderApp('/sessions/s1', makeUser());
    expect(await screen.findByText('The analysis failed: The recording has no audio track, so there is no speech to analyse.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload another recording' })).toHaveAttribute('href', '/upload');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('shows why a retry was refused', async () => {
    const failed = { ...session, processingStatus: 'failed' as const, failureReason: 'The server was busy.', retryable: true };
    fakeApi(({ method, path }) => {
      if (method === 'POST') return Response.json({ statusCode: 409, message: SESSION_MESSAGES.retryNotFailed }, { status: 409 });
      if (path === '/api/sessions/s1') return failed;
      return undefined;
    });
    renderApp('/sessions/s1', makeUser());
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SESSION_MESSAGES.retryNotFailed);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled());
  });
});

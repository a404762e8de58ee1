import type { CoachingStyle, SessionReportDto } from '@touchline/shared';
import { Link, useParams } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { Button, buttonVariants } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { Stat } from '@/components/ui/stat';
import { paths } from '@/config/paths';
import { readApiError } from '@/lib/api-client';
import { clock, formatDecimal, formatPercent } from '@/lib/format';
import { usePlanCatalogue } from '@/lib/plans-api';
import { useMedia } from '@/lib/sessions-api';
import { useReport, useRetryAnalysis, useSession } from '../api/session-report-api';
import { CategoryScores } from '../components/category-scores';
import { CodedTranscript } from '../components/coded-transcript';
import { ReviewComments } from '../components/review-comments';
import { ReviewSharing } from '../components/review-sharing';
import { canShareForReview } from '../review-plan';
import { useViewer } from '@/components/layout/viewer';
import { useSeekablePlayer } from '@/lib/use-seekable-player';

// The style follows from the share of the session the coach talked (the rubric's threshold, on the API).
const STYLE_NOTES: Record<CoachingStyle, string> = {
  'Hands-off': 'You talked for a small part of the session and let the practice do the teaching.',
  Balanced: 'You mixed telling the players with letting them play.',
};

function Report({ report }: { report: SessionReportDto }) {
  const { player, seek } = useSeekablePlayer({ play: true });
  const viewer = useViewer();
  const catalogue = usePlanCatalogue();
  const media = useMedia(report.session.id);
  const { metrics, segments, session } = report;
  const duration = metrics.durationSeconds || 1;
  const Player = session.mediaType === 'video' ? 'video' : 'audio';
  return (
    <div className="space-y-10">
      <section aria-label="Coaching style" className="flex flex-wrap items-baseline gap-x-4 gap-y-1 rounded-xl border border-brand-200 bg-brand-50 p-5">
        <p className="text-sm font-medium text-brand-800">Coaching style</p>
        <p className="text-2xl font-bold text-brand-900" data-testid="coaching-style">
          {report.coachingStyle}
        </p>
        <p className="w-full text-sm text-slate-600">
          {STYLE_NOTES[report.coachingStyle]} You talked for {formatPercent(metrics.talkRatio)} of the session.
        </p>
      </section>
      <section aria-label="Recording" className="space-y-3">
        {/* Only video gets the dark frame: behind the browser's rounded audio controls it showed as black corners. */}
        {media.data && (
          <Player
            ref={player as never}
            src={media.data.url}
            controls
            preload="metadata"
            className={session.mediaType === 'video' ? 'w-full max-h-[28rem] rounded-xl bg-slate-900' : 'w-full'}
            data-testid="player"
          />
        )}
        <div>
          <p className="mb-1 text-sm text-slate-600">When you spoke ({segments.length} stretches of speech). Click one to hear it.</p>
          <div className="relative h-8 w-full overflow-hidden rounded-md bg-slate-100" data-testid="timeline">
            {segments.map((segment, index) => (
              <button
                key={`${segment.start}-${index}`}
                type="button"
                title={`${clock(segment.start)} – ${clock(segment.end)}`}
                aria-label={`Speech from ${clock(segment.start)} to ${clock(segment.end)}`}
                onClick={() => seek(segment.start)}
                className="absolute top-0 h-full bg-brand-600 hover:bg-brand-800 focus-visible:outline-2"
                style={{ left: `${(segment.start / duration) * 100}%`, width: `max(3px, ${((segment.end - segment.start) / duration) * 100}%)` }}
              />
            ))}
          </div>
        </div>
      </section>
      <dl className="grid grid-cols-2 gap-4 md:grid-cols-4" aria-label="Talk metrics">
        <Stat label="Session length" value={clock(metrics.durationSeconds)} />
        <Stat label="Talk time" value={formatPercent(metrics.talkRatio)} />
        <Stat label="Interventions" value={String(metrics.interventions)} />
        <Stat label="Interventions per minute" value={formatDecimal(metrics.interventionsPerMinute)} />
        <Stat label="Average intervention" value={`${metrics.meanInterventionSeconds.toFixed(1)} s`} />
        <Stat label="Median intervention" value={`${metrics.medianInterventionSeconds.toFixed(1)} s`} />
        <Stat label="Longest intervention" value={`${metrics.longestInterventionSeconds.toFixed(1)} s`} />
        <Stat label="Longest silence" value={clock(metrics.longestSilenceSeconds)} />
        {metrics.speechRateWpm !== null && <Stat label="Speech rate" value={`${Math.round(metrics.speechRateWpm)} words/min`} />}
      </dl>
      <CategoryScores scores={report.scores} rubricVersion={report.rubricVersion} />
      <CodedTranscript transcript={report.transcript} codeCounts={report.codeCounts} transcriber={report.transcriber} onSeek={seek} />
      <ReviewComments sessionId={session.id} onSeek={seek} />
      {/* Offered by the catalogue's plans; without the catalogue the form shows, and the API answers for the plan. */}
      {(catalogue.data || catalogue.isError) && (
        <ReviewSharing sessionId={session.id} canShare={catalogue.data ? canShareForReview(viewer?.plan, catalogue.data) : true} />
      )}
    </div>
  );
}

/** `/sessions/:id`: the analysis of one of the coach's sessions, or where it stands. */
export default function SessionReportScreen() {
  const { id = '' } = useParams();
  const session = useSession(id);
  const completed = session.data?.processingStatus === 'completed';
  const report = useReport(id, completed);
  const retry = useRetryAnalysis(id);
  const title = session.data?.title ?? 'Session report';

  return (
    <Page title={title}>
      {(session.isPending || (completed && report.isPending)) && <Spinner />}
      {session.isError && <FormAlert>{readApiError(session.error)?.message ?? 'This session could not be loaded.'}</FormAlert>}
      {report.isError && <FormAlert>{readApiError(report.error)?.message ?? 'The report could not be loaded.'}</FormAlert>}
      {session.data && !completed && (
        <div className="max-w-2xl space-y-3 rounded-xl border border-slate-200 bg-white p-6" role="status">
          {session.data.processingStatus === 'failed' ? (
            <>
              <p className="text-red-700">The analysis failed{session.data.failureReason ? `: ${session.data.failureReason}` : '.'}</p>
              <FormAlert>
                {retry.isError && (readApiError(retry.error)?.message ?? 'The analysis could not be started again. Please try again later.')}
              </FormAlert>
              {/* "Try again" only where it can help: a recording that cannot be analysed fails the same way every time. */}
              {session.data.retryable ? (
                <Button onClick={() => retry.mutate()} disabled={retry.isPending}>
                  Try again
                </Button>
              ) : (
                <Link to={paths.upload} className={buttonVariants({ variant: 'outline' })}>
                  Upload another recording
                </Link>
              )}
            </>
          ) : (
            <>
              {!session.data.uploadedAt ? (
                <p>The recording has not finished uploading.</p>
              ) : (
                <p>
                  {session.data.processingStatus === 'processing' ? `Analysing… ${session.data.analysisProgress}%` : 'Waiting for analysis.'} This page shows
                  the report once it is ready.
                </p>
              )}
              <Button
                variant="outline"
                onClick={() => {
                  retry.reset();
                  void session.refetch();
                }}
              >
                Check again
              </Button>
            </>
          )}
        </div>
      )}
      {completed && report.data && <Report report={report.data} />}
      <p className="mt-8">
        <Link to={paths.sessions} className="text-sm font-medium text-brand-700 underline">
          All sessions
        </Link>
      </p>
    </Page>
  );
}

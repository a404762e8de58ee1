import { FIGURE_INFO, type CoachingStyle, type SessionReportDto } from '@touchline/shared';
import { Stat } from '@/components/ui/stat';
import { useViewer } from '@/components/layout/viewer';
import { formatFigure } from '@/lib/figure-format';
import { clock, formatDuration } from '@/lib/format';
import { usePlanCatalogue } from '@/lib/plans-api';
import { useMedia } from '@/lib/sessions-api';
import { useSeekablePlayer } from '@/lib/use-seekable-player';
import { canShareForReview } from '../review-plan';
import { CategoryScores } from './category-scores';
import { CodedTranscript } from './coded-transcript';
import { RecogniserNote } from './recogniser-note';
import { ReviewComments } from './review-comments';
import { ReviewSharing } from './review-sharing';

// The style follows from the share of the session the coach talked (the rubric's threshold, on the API).
const STYLE_NOTES: Record<CoachingStyle, string> = {
  'Hands-off': 'You talked for a small part of the session and let the practice do the teaching.',
  Balanced: 'You mixed telling the players with letting them play.',
};
// The same, for an admin reading a team member's report.
const COACH_STYLE_NOTES: Record<CoachingStyle, string> = {
  'Hands-off': 'The coach talked for a small part of the session and let the practice do the teaching.',
  Balanced: 'The coach mixed telling the players with letting them play.',
};

/**
 * A session's analysis: style, recording with its speech timeline, figures, scores and coded transcript. The
 * coach's own report adds the review comments and sharing; `readOnly` (an Elite Admin looking at a team member's
 * session) leaves out everything that changes the session, and takes the recording's URL from the caller.
 */
export function SessionAnalysis({ report, readOnly = false, mediaUrl }: { report: SessionReportDto; readOnly?: boolean; mediaUrl?: string | null }) {
  const { player, seek } = useSeekablePlayer({ play: true });
  const viewer = useViewer();
  const catalogue = usePlanCatalogue();
  const ownMedia = useMedia(readOnly ? null : report.session.id);
  const recordingUrl = readOnly ? mediaUrl : ownMedia.data?.url;
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
          {readOnly
            ? `${COACH_STYLE_NOTES[report.coachingStyle]} The coach talked for ${formatFigure('talkRatio', metrics.talkRatio)} of the session.`
            : `${STYLE_NOTES[report.coachingStyle]} You talked for ${formatFigure('talkRatio', metrics.talkRatio)} of the session.`}
        </p>
      </section>
      <section aria-label="Recording" className="space-y-3">
        {/* Only video gets the dark frame: behind the browser's rounded audio controls it showed as black corners. */}
        {recordingUrl && (
          <Player
            ref={player as never}
            src={recordingUrl}
            controls
            preload="metadata"
            className={session.mediaType === 'video' ? 'w-full max-h-[28rem] rounded-xl bg-slate-900' : 'w-full'}
            data-testid="player"
          />
        )}
        <div>
          <p className="mb-1 text-sm text-slate-600">
            When {readOnly ? 'the coach' : 'you'} spoke ({segments.length} stretches of speech).{recordingUrl ? ' Click one to hear it.' : ''}
          </p>
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
        <Stat label={FIGURE_INFO.durationSeconds.label} value={formatFigure('durationSeconds', metrics.durationSeconds)} />
        <Stat label={FIGURE_INFO.talkRatio.label} value={formatFigure('talkRatio', metrics.talkRatio)} />
        <Stat label="Interventions" value={String(metrics.interventions)} />
        <Stat label={FIGURE_INFO.interventionsPerMinute.label} value={formatFigure('interventionsPerMinute', metrics.interventionsPerMinute)} />
        <Stat label={FIGURE_INFO.meanInterventionSeconds.label} value={formatFigure('meanInterventionSeconds', metrics.meanInterventionSeconds)} />
        <Stat label="Median intervention" value={formatDuration(metrics.medianInterventionSeconds)} />
        <Stat label={FIGURE_INFO.longestInterventionSeconds.label} value={formatFigure('longestInterventionSeconds', metrics.longestInterventionSeconds)} />
        <Stat label={FIGURE_INFO.longestSilenceSeconds.label} value={formatFigure('longestSilenceSeconds', metrics.longestSilenceSeconds)} />
        {metrics.speechRateWpm !== null && <Stat label="Speech rate" value={`${Math.round(metrics.speechRateWpm)} words/min`} />}
      </dl>
      <RecogniserNote transcriber={report.transcriber} />
      <CategoryScores scores={report.scores} rubricVersion={report.rubricVersion} />
      <CodedTranscript transcript={report.transcript} codeCounts={report.codeCounts} transcriber={report.transcriber} onSeek={seek} />
      {!readOnly && <ReviewComments sessionId={session.id} onSeek={seek} />}
      {/* Offered by the catalogue's plans; without the catalogue the form shows, and the API answers for the plan. */}
      {!readOnly && (catalogue.data || catalogue.isError) && (
        <ReviewSharing sessionId={session.id} canShare={catalogue.data ? canShareForReview(viewer?.plan, catalogue.data) : true} />
      )}
    </div>
  );
}

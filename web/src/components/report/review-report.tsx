import { formatFigure } from '@/lib/figure-format';
import { capitalize, clock, formatScore } from '@/lib/format';
import { NotScored } from '@/components/ui/not-scored';
import { UNCLEAR_TONE, UnclearMarker } from './unclear-marker';
import { Stat } from '@/components/ui/stat';
import { FIGURE_INFO, UTTERANCE_CODE_LABELS, type ExternalReviewDto, type ReviewCommentDto } from '@touchline/shared';
import { forwardRef, type MouseEvent } from 'react';

interface ReviewReportProps {
  review: ExternalReviewDto;
  mediaUrl: string | null;
  comments: ReviewCommentDto[];
  /** A click on the timeline at a moment (seconds); the review page pins a comment there. */
  onPick?: (seconds: number) => void;
  onSeek: (seconds: number) => void;
}

/** The session's report as a review link shows it: recording, timeline with comments, figures, and what the coach shared. */
export const ReviewReport = forwardRef<HTMLMediaElement, ReviewReportProps>(({ review, mediaUrl, comments, onPick, onSeek }, player) => {
  const { metrics, segments, session } = review;
  const duration = metrics.durationSeconds || 1;
  const Player = session.mediaType === 'video' ? 'video' : 'audio';
  const pick = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const seconds = Math.round(((event.clientX - box.left) / box.width) * duration);
    onSeek(seconds);
    onPick?.(seconds);
  };
  return (
    <div className="space-y-8">
      <section aria-label="Recording" className="space-y-3">
        {review.review.showMedia && mediaUrl && (
          <Player
            ref={player as never}
            src={mediaUrl}
            controls
            preload="metadata"
            controlsList={review.review.allowDownload ? undefined : 'nodownload'}
            onContextMenu={review.review.allowDownload ? undefined : (e: MouseEvent) => e.preventDefault()}
            className={session.mediaType === 'video' ? 'w-full max-h-[28rem] rounded-xl bg-slate-900' : 'w-full'}
            data-testid="review-player"
          />
        )}
        {review.review.showMedia && mediaUrl && review.review.allowDownload && (
          <a href={mediaUrl} download className="text-sm font-medium text-brand-700 underline">
            Download the recording
          </a>
        )}
        <div>
          <p className="mb-1 text-sm text-slate-600">
            The coach's speech (dark bars){comments.length > 0 && ' and the comments (marks)'}.{' '}
            {onPick ? 'Click the timeline to comment on that moment.' : 'Click the timeline to listen from there.'}
          </p>
          {/* The bar is a pointer shortcut; the time field of the comment form does the same from the keyboard. */}
          <div
            className="relative h-10 w-full cursor-crosshair overflow-hidden rounded-md bg-slate-100"
            data-testid="review-timeline"
            onClick={pick}
            aria-hidden="true"
          >
            {segments.map((segment, index) => (
              <span
                key={`${segment.start}-${index}`}
                className="absolute top-2 h-6 bg-brand-600"
                style={{ left: `${(segment.start / duration) * 100}%`, width: `max(3px, ${((segment.end - segment.start) / duration) * 100}%)` }}
              />
            ))}
            {comments
              .filter((c) => c.parentId === null)
              .map((c) => (
                <span
                  key={c.id}
                  className="absolute top-0 h-full w-1 bg-amber-500"
                  style={{ left: `${(c.startSeconds / duration) * 100}%` }}
                  title={`${c.authorName} at ${clock(c.startSeconds)}`}
                />
              ))}
          </div>
        </div>
      </section>
      <p className="text-sm text-slate-700">
        Coaching style: <span className="font-semibold">{review.coachingStyle}</span>
      </p>
      <dl className="grid grid-cols-2 gap-4 md:grid-cols-4" aria-label="Talk metrics">
        <Stat label={FIGURE_INFO.durationSeconds.label} value={formatFigure('durationSeconds', metrics.durationSeconds)} />
        <Stat label={FIGURE_INFO.talkRatio.label} value={formatFigure('talkRatio', metrics.talkRatio)} />
        <Stat label="Interventions" value={String(metrics.interventions)} />
        <Stat label={FIGURE_INFO.interventionsPerMinute.label} value={formatFigure('interventionsPerMinute', metrics.interventionsPerMinute)} />
      </dl>
      {review.scores && (
        <section aria-labelledby="review-scores">
          <h2 id="review-scores" className="mb-2 text-xl font-semibold text-slate-900">
            Scores
          </h2>
          <ul className="grid gap-2 sm:grid-cols-2">
            {review.scores.map((s) => (
              <li key={s.category} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
                <span className="font-medium">{capitalize(s.category)}</span>: {s.score === null ? <NotScored reason={s.basis} /> : formatScore(s.score)}{' '}
                {s.level && `(${s.level})`}
              </li>
            ))}
          </ul>
        </section>
      )}
      {review.transcript && (
        <section aria-labelledby="review-transcript">
          <h2 id="review-transcript" className="mb-2 text-xl font-semibold text-slate-900">
            Transcript
          </h2>
          <ol className="max-h-[24rem] divide-y divide-slate-100 overflow-y-auto rounded-xl border border-slate-200 bg-white">
            {review.transcript.map((u, index) => (
              <li key={`${u.start}-${index}`} className="flex gap-3 p-3 text-sm">
                <button
                  type="button"
                  onClick={() => onSeek(u.start)}
                  className="font-mono text-brand-700 hover:underline"
                  aria-label={`Play from ${clock(u.start)}`}
                >
                  {clock(u.start)}
                </button>
                <span className={u.uncertain ? `flex-1 ${UNCLEAR_TONE}` : 'flex-1'}>
                  {u.uncertain && (
                    <>
                      <UnclearMarker />{' '}
                    </>
                  )}
                  {u.text}
                </span>
                <span className="text-xs text-slate-500">{u.codes.map((c) => UTTERANCE_CODE_LABELS[c]).join(', ')}</span>
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
});
ReviewReport.displayName = 'ReviewReport';

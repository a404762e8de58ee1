import type { CompareDto } from '@touchline/shared';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { FormAlert } from '@/components/ui/form-alert';
import { readApiError } from '@/lib/api-client';
import { clock } from '@/lib/format';
import { useMedia } from '@/lib/sessions-api';

interface Moment {
  sessionId: string;
  at: number;
}

/** Where the axis puts its labels: about five, on whole minutes once the sessions are longer than a few minutes. */
function ticks(length: number): number[] {
  const step = length > 300 ? Math.ceil(length / 5 / 60) * 60 : Math.max(1, Math.ceil(length / 5));
  return Array.from({ length: Math.floor(length / step) + 1 }, (_, i) => i * step);
}

/** Plays one session's recording from a moment; a new moment of the same session seeks the player already open. */
function MomentPlayer({ moment, compare }: { moment: Moment; compare: CompareDto }) {
  const media = useMedia(moment.sessionId);
  const player = useRef<HTMLMediaElement>(null);
  const session = compare.sessions.find((s) => s.session.id === moment.sessionId)!.session;
  useEffect(() => {
    const element = player.current;
    if (!element || element.readyState < 1) return;
    element.currentTime = moment.at;
    void element.play().catch(() => undefined);
  }, [moment]);
  const Player = session.mediaType === 'video' ? 'video' : 'audio';
  return (
    <div className="space-y-2 rounded-xl border border-slate-200 bg-white p-4" aria-live="polite">
      <p className="text-sm text-slate-700" data-testid="compare-playing">
        Playing {session.title} from {clock(moment.at)}
      </p>
      {media.isError && <FormAlert>{readApiError(media.error)?.message ?? 'The recording could not be loaded.'}</FormAlert>}
      {media.data && (
        <Player
          key={media.data.url}
          ref={player as never}
          src={media.data.url}
          controls
          preload="metadata"
          className="max-h-80 w-full rounded-lg bg-slate-900"
          data-testid="compare-player"
          onLoadedMetadata={(event) => {
            event.currentTarget.currentTime = moment.at;
            void event.currentTarget.play().catch(() => undefined);
          }}
        />
      )}
    </div>
  );
}

/** Each chosen session's speech on one time axis; click a stretch of speech (or anywhere on a line) to hear it from there. */
export function CompareTimelines({ compare }: { compare: CompareDto }) {
  const [moment, setMoment] = useState<Moment | null>(null);
  const length = Math.max(1, ...compare.sessions.map((s) => s.figures.durationSeconds ?? 0));
  const seekAnywhere = (sessionId: string, duration: number) => (event: MouseEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return; // a stretch of speech handles its own click
    const box = event.currentTarget.getBoundingClientRect();
    setMoment({ sessionId, at: Math.min(duration, Math.max(0, ((event.clientX - box.left) / box.width) * length)) });
  };
  return (
    <section aria-labelledby="compare-timelines" className="space-y-4">
      <h2 id="compare-timelines" className="text-xl font-semibold text-slate-900">
        When you spoke
      </h2>
      <p className="text-sm text-slate-600">
        The sessions on one time axis. Choose a stretch of speech to hear it, or click anywhere on a line to play from there.
      </p>
      <div className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
        {compare.sessions.map(({ session, segments, figures }) => {
          const duration = figures.durationSeconds ?? 0;
          return (
            <div key={session.id} className="grid grid-cols-[10rem_1fr] items-center gap-3" data-testid="compare-timeline">
              <span className="truncate text-sm font-medium text-slate-800">{session.title}</span>
              <div className="relative h-7 w-full cursor-pointer rounded-md bg-slate-100" onClick={seekAnywhere(session.id, duration)}>
                <div
                  className="pointer-events-none absolute inset-y-0 left-0 rounded-md bg-slate-200/60"
                  style={{ width: `${(duration / length) * 100}%` }}
                  aria-hidden
                />
                {segments.map((segment, index) => (
                  <button
                    key={`${segment.start}-${index}`}
                    type="button"
                    title={`${clock(segment.start)} – ${clock(segment.end)}`}
                    aria-label={`${session.title}: speech from ${clock(segment.start)} to ${clock(segment.end)}`}
                    onClick={() => setMoment({ sessionId: session.id, at: segment.start })}
                    className="absolute top-0 h-full bg-brand-600 hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-900"
                    style={{ left: `${(segment.start / length) * 100}%`, width: `max(3px, ${((segment.end - segment.start) / length) * 100}%)` }}
                  />
                ))}
              </div>
            </div>
          );
        })}
        <div className="grid grid-cols-[10rem_1fr] gap-3" aria-hidden>
          <span />
          <div className="relative h-4 text-xs text-slate-500">
            {ticks(length).map((tick) => (
              <span key={tick} className="absolute -translate-x-1/2" style={{ left: `${(tick / length) * 100}%` }}>
                {clock(tick)}
              </span>
            ))}
          </div>
        </div>
      </div>
      {moment && <MomentPlayer moment={moment} compare={compare} />}
    </section>
  );
}

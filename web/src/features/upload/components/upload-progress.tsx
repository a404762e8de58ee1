import { useQueryClient } from '@tanstack/react-query';
import { formatBytes } from '@touchline/shared';
import { Pause, Play, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { paths, sessionReport } from '@/config/paths';
import { formatTimeLeft } from '@/lib/format';
import { refreshSessionLists } from '@/lib/sessions-api';
import { SpeedMeter } from '../upload-speed';
import { useUploadStore } from '../upload-store';
import { canTransition, type UploadTaskSnapshot } from '../upload-task';

const STATE_LABELS: Record<UploadTaskSnapshot['state'], string> = {
  running: 'Uploading',
  pausing: 'Pausing…',
  paused: 'Paused',
  canceling: 'Canceling…',
  canceled: 'Canceled',
  error: 'Upload failed',
  success: 'Upload complete',
};

/** The running upload: progress, speed, time left, and pause, resume and cancel. */
export function UploadProgress({ snapshot, error }: { snapshot: UploadTaskSnapshot; error: string | null }) {
  const { task, fileName, sessionId, reset } = useUploadStore();
  const queryClient = useQueryClient();
  const meter = useRef(new SpeedMeter());
  const percent = snapshot.totalBytes ? Math.floor((snapshot.bytesTransferred / snapshot.totalBytes) * 100) : 0;
  const finished = snapshot.state === 'success' || snapshot.state === 'error' || snapshot.state === 'canceled';

  useEffect(() => {
    if (snapshot.state === 'running') meter.current.add(snapshot.bytesTransferred);
    else meter.current.reset();
  }, [snapshot]);
  useEffect(() => {
    if (!finished) return;
    void refreshSessionLists(queryClient);
  }, [finished, queryClient]);

  const speed = meter.current.bytesPerSecond();
  const left = meter.current.secondsLeft(snapshot.totalBytes);
  return (
    <section className="max-w-2xl space-y-4 rounded-xl border border-slate-200 bg-white p-6" aria-label="Upload progress">
      <div className="flex items-baseline justify-between gap-4">
        <p className="truncate font-medium text-slate-900">{fileName}</p>
        <p className="shrink-0 text-sm text-slate-600" data-testid="upload-state">
          {STATE_LABELS[snapshot.state]}
        </p>
      </div>
      <div
        role="progressbar"
        aria-label="Uploaded"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-3 overflow-hidden rounded-full bg-slate-100"
      >
        <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <div className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-600">
        <span data-testid="upload-percent">{percent}%</span>
        <span>
          {formatBytes(snapshot.bytesTransferred)} of {formatBytes(snapshot.totalBytes)}
        </span>
        {snapshot.state === 'running' && speed !== null && <span>{formatBytes(speed)}/s</span>}
        {snapshot.state === 'running' && left !== null && <span>{formatTimeLeft(left)} left</span>}
      </div>
      <FormAlert>{error}</FormAlert>
      {snapshot.state === 'success' && (
        <p className="text-sm text-slate-700">
          Your session is stored and queued for analysis.{' '}
          {sessionId ? (
            <Link to={sessionReport(sessionId)} className="font-medium text-brand-700 underline">
              Open its report
            </Link>
          ) : (
            <Link to={paths.sessions} className="font-medium text-brand-700 underline">
              See your sessions
            </Link>
          )}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        {!finished && (
          <>
            {snapshot.state === 'paused' || snapshot.state === 'pausing' ? (
              <Button onClick={() => task?.resume()} disabled={!canTransition(snapshot.state, 'resume')}>
                <Play className="h-4 w-4" aria-hidden /> Resume
              </Button>
            ) : (
              <Button variant="outline" onClick={() => task?.pause()} disabled={!canTransition(snapshot.state, 'pause')}>
                <Pause className="h-4 w-4" aria-hidden /> Pause
              </Button>
            )}
            <Button variant="ghost" onClick={() => task?.cancel()} disabled={!canTransition(snapshot.state, 'cancel')}>
              <X className="h-4 w-4" aria-hidden /> Cancel
            </Button>
          </>
        )}
        {finished && (
          <Button variant="outline" onClick={reset}>
            Upload another session
          </Button>
        )}
      </div>
    </section>
  );
}
